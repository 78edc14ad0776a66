import Monsoon

/// The application services, built from the core assembly's components.
public class ServiceAssembly: Assembly, ManifestLoadable {
    let core = CoreAssembly()

    public required override init() {}

    public override var definitions: [any ComponentDefinition] { [forecastService()] }

    /// One per request (objectGraph): cheap, and shares the singleton cache and client.
    public func forecastService() -> Definition<ForecastService> {
        define { Definition(ForecastService.init(client:cache:), core.weatherClient(), core.reportCache()) }
    }
}
