import Monsoon

/// Configuration-driven infrastructure: the weather client and the report cache.
open class CoreAssembly: Assembly, ManifestLoadable {
    public required override init() {}

    public override var definitions: [any ComponentDefinition] { [weatherClient(), reportCache()] }

    /// Loads the sample data on first use, then shared by everyone.
    open func weatherClient() -> Definition<any WeatherClient> {
        define {
            Definition({ (name: String) throws -> any WeatherClient in try BundledWeatherClient(resourceName: name) },
                       .config("weather.sampleResource"))
                .scope(.lazySingleton)
        }
    }

    /// One cache for the app's lifetime, created at startup.
    open func reportCache() -> Definition<WeatherReportCache> {
        define { Definition(WeatherReportCache.init).scope(.singleton) }
    }
}
