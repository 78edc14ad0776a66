import Foundation
import Monsoon

/// Configuration-driven infrastructure: the weather client and the report cache. Activated as a
/// collaborator of `ServiceAssembly`, which holds one; a test passes a subclass to replace it.
open class CoreAssembly: Assembly, ManifestLoadable {
    public required override init() {}

    /// Its own defaults, read by its definitions only; the app's configuration may override them in a
    /// `"CoreAssembly"` section.
    open override var configuration: Configuration {
        (try? Configuration(json: Data(#"{"weather": {"sampleResource": "sample-weather"}}"#.utf8), name: "CoreAssembly defaults")) ?? .empty
    }

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
