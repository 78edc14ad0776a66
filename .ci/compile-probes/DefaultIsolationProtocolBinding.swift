// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// App code as a main-actor module writes it: a protocol neither `Sendable` nor isolated, default-isolated
// classes behind it, bound by initializer reference, in a deferred body, with a hook, and by a closure
// fake (which says `@MainActor`, or is written as an initializer reference).
protocol HTTPClient: AnyObject {
    func get(_ path: String) -> String
}

final class BundledHTTPClient: HTTPClient {
    init() {}
    func get(_ path: String) -> String { path }
}

protocol Weather {
    var forecast: String { get }
}

final class FakeWeather: Weather {
    var forecast: String { "sun" }
}

final class Endpoints {
    init() {}
}

final class LoggingHTTPClient: HTTPClient {
    init(endpoints: Endpoints) {}
    func get(_ path: String) -> String { path }
}

final class Harbor {
    init(http: any HTTPClient, endpoints: Endpoints) {}
}

nonisolated final class ServiceAssembly: ProbeBase {
    override var definitions: [any ComponentDefinition] { [httpClient(), deferredClient(), weather(), harbor()] }
    func httpClient() -> Definition<any HTTPClient> { define { Definition(BundledHTTPClient.init).scope(.lazySingleton) } }
    func warmedClient() -> Definition<any HTTPClient> {
        define { Definition(BundledHTTPClient.init).afterInjections { @MainActor client in _ = client.get("/health") } }
    }
    func deferredClient() -> Definition<any HTTPClient> { define(.lazySingleton) { Definition(LoggingHTTPClient.init(endpoints:), endpoints()) } }
    func endpoints() -> Definition<Endpoints> { define { Definition(Endpoints.init) } }
    func harbor() -> Definition<Harbor> { define { Definition(Harbor.init(http:endpoints:), httpClient(), endpoints()) } }
    func weather() -> Definition<any Weather> { define { Definition { @MainActor in FakeWeather() as any Weather } } }
    func fakeByReference() -> Definition<any Weather> { define { Definition(FakeWeather.init) } }
}
