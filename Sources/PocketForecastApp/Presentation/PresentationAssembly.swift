import Monsoon

/// How forecasts are shown.
public class PresentationAssembly: Assembly, ManifestLoadable {
    let services = ServiceAssembly()

    public required override init() {}

    /// Only the root: `presenter()` and `temperatureFormatter()` are registered because `app()` reaches them.
    public override var definitions: [any ComponentDefinition] { [app()] }

    public func app() -> Definition<ForecastApp> {
        define { Definition(ForecastApp.init(service:presenter:), services.forecastService(), presenter()) }
    }

    /// A new presenter each time one is asked for.
    public func presenter() -> Definition<TextPresenter> {
        define {
            Definition(TextPresenter.init(formatter:showRain:), temperatureFormatter(), .config("display.showChanceOfRain"))
                .scope(.prototype)
        }
    }

    /// Shared by the presenters alive at the same time, released with the last of them.
    public func temperatureFormatter() -> Definition<TemperatureFormatter> {
        define { Definition(TemperatureFormatter.init(units:), .config("display.units")).scope(.weakSingleton) }
    }
}
