// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// A main-actor `init(…) async throws` (every one in such a module is) whose arguments are not `Sendable`,
// by initializer reference, and a main-actor async closure; and a `nonisolated` type's async factory
// method (`nonisolated(nonsending)` here), which matches the nonisolated and the main-actor async forms
// alike unless a form of its own takes it.
protocol HTTPClient: AnyObject {
    func get(_ path: String) async throws -> String
}

final class BundledHTTPClient: HTTPClient {
    init() {}
    func get(_ path: String) async throws -> String { path }
}

final class Endpoints {
    var tides = "/tides"
}

final class TideService {
    let tides: String
    init(http: any HTTPClient, endpoints: Endpoints) async throws { tides = try await http.get(endpoints.tides) }
}

nonisolated final class TideDatabase: Sendable {
    private init() {}
    static func open(path: String) async throws -> TideDatabase { TideDatabase() }
}

protocol Tides {}
extension TideService: Tides {}

nonisolated final class TideAssembly: ProbeBase {
    override var definitions: [any ComponentDefinition] { [tideService(), tides(), warmTides(), database()] }
    func database() -> Definition<TideDatabase> { define(.singleton) { Definition(TideDatabase.open(path:), .value("tides.db")) } }
    func httpClient() -> Definition<any HTTPClient> { define { Definition(BundledHTTPClient.init) } }
    func endpoints() -> Definition<Endpoints> { define { Definition(Endpoints.init) } }
    func tideService() -> Definition<TideService> {
        define { Definition(TideService.init(http:endpoints:), httpClient(), endpoints()).scope(.lazySingleton) }
    }
    func tides() -> Definition<any Tides> { define { Definition(TideService.init(http:endpoints:), httpClient(), endpoints()) } }
    func warmTides() -> Definition<any Tides> {
        define { Definition { @MainActor in try await TideService(http: BundledHTTPClient(), endpoints: Endpoints()) as any Tides } }
    }
}
