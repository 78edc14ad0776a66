import Foundation
import Monsoon
import Testing

// Declared as app code in a module whose default isolation is the main actor declares them (with
// `InferIsolatedConformances`, which this module spells `@MainActor` on each conformance): protocols
// neither `Sendable` nor isolated, main-actor classes behind them, a main-actor `async` initializer
// whose arguments are not `Sendable`.

private protocol MXHTTPClient: AnyObject {
    func get(_ path: String) -> String
}

@MainActor private final class MXBundledHTTPClient: @MainActor MXHTTPClient {
    let builtOnMainThread = MainQueue.isCurrent
    init() {}
    func get(_ path: String) -> String { "bundled \(path)" }
}

@MainActor private final class MXLoggingHTTPClient: @MainActor MXHTTPClient {
    let endpoints: MXEndpoints
    init(endpoints: MXEndpoints) { self.endpoints = endpoints }
    func get(_ path: String) -> String { "logged \(endpoints.base)\(path)" }
}

@MainActor private final class MXEndpoints {
    var base = "https://tides.example"
    init() {}
}

private protocol MXWeather {
    var forecast: String { get }
}

@MainActor private final class MXFakeWeather: @MainActor MXWeather {
    init() {}
    var forecast: String { "sun" }
}

/// Nonisolated: the closure form must stay nonisolated for it, or it could not be resolved off the
/// main actor.
private final class MXPlainWeather: MXWeather, Sendable {
    var forecast: String { "rain" }
}

@MainActor private final class MXTideService {
    let tides: String
    let builtOnMainThread: Bool
    init(http: any MXHTTPClient, endpoints: MXEndpoints) async throws {
        await Task.yield()
        tides = http.get("/tides")
        builtOnMainThread = MainQueue.isCurrent
        _ = endpoints
    }
}

private final class MXServiceAssembly: Assembly {
    override var definitions: [any ComponentDefinition] {
        [httpClient(), loggingClient(), endpoints(), weather(), weatherByReference(), plainWeather(), tideService(),
         tideServiceByClosure(), watchedClient()]
    }
    func httpClient() -> Definition<any MXHTTPClient> { define { Definition(MXBundledHTTPClient.init).scope(.lazySingleton) } }
    func loggingClient() -> Definition<any MXHTTPClient> {
        define(.lazySingleton) { [self] in Definition(MXLoggingHTTPClient.init(endpoints:), endpoints()) }
    }
    func endpoints() -> Definition<MXEndpoints> { define { Definition(MXEndpoints.init).scope(.lazySingleton) } }
    func weather() -> Definition<any MXWeather> { define { Definition { @MainActor in MXFakeWeather() as any MXWeather } } }
    func weatherByReference() -> Definition<any MXWeather> { define { Definition(MXFakeWeather.init) } }
    func plainWeather() -> Definition<any MXWeather> { define { Definition { MXPlainWeather() as any MXWeather } } }
    func tideService() -> Definition<MXTideService> {
        define { Definition(MXTideService.init(http:endpoints:), httpClient(), endpoints()).scope(.lazySingleton) }
    }
    func tideServiceByClosure() -> Definition<MXTideService> {
        define { Definition({ @MainActor http, endpoints in try await MXTideService(http: http, endpoints: endpoints) }, httpClient(), endpoints()) }
    }
    func watchedClient() -> Definition<any MXHTTPClient> {
        define { Definition(MXBundledHTTPClient.init).afterInjections { @MainActor client in MXHookLog.paths.append(client.get("/hook")) } }
    }
}

@MainActor private enum MXHookLog {
    static var paths: [String] = []
}

@Suite struct MainActorExistentialTests {
    @MainActor @Test func aMainActorClassBoundToANonSendableProtocolIsBuiltOnTheMainActorAndShared() throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let client = try factory.resolve(MXServiceAssembly.httpClient)
        #expect(client.get("/tides") == "bundled /tides")
        #expect(client === (try factory.resolve(MXServiceAssembly.httpClient)))
        #expect((client as? MXBundledHTTPClient)?.builtOnMainThread == true)
    }

    @MainActor @Test func aDeferredBodyBindsAMainActorClassWithArgumentsToItsProtocol() throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let client = try factory.resolve(MXServiceAssembly.loggingClient)
        #expect(client.get("/tides") == "logged https://tides.example/tides")
        #expect(client === (try factory.resolve(MXServiceAssembly.loggingClient)))
    }

    @MainActor @Test func aFakeOfAMainActorTypeBindsToItsProtocolByClosureOrByReference() throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        #expect(try factory.resolve(MXServiceAssembly.weather).forecast == "sun")
        #expect(try factory.resolve(MXServiceAssembly.weatherByReference).forecast == "sun")
    }

    @Test func resolvedSynchronouslyFromAnotherThreadTheBoundClassIsATypedError() async throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let outcome = await Task.detached { () -> ResolutionError? in
            do throws(ResolutionError) {
                _ = try factory.resolve(MXServiceAssembly.httpClient)
                return nil
            } catch {
                return error
            }
        }.value
        let error = try #require(outcome)
        #expect(error.description == """
            Cannot resolve MXServiceAssembly.httpClient(): its initializer is isolated to the main actor (it builds any MXHTTPClient), \
            and this resolution runs on another thread.
              Resolve it from the main actor, or with `try await factory.resolve(…)`, which builds it there.
            """)
    }

    @Test func aClosureOfANonisolatedTypeStaysNonisolated() async throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let forecast = await Task.detached { try? factory.resolve(MXServiceAssembly.plainWeather).forecast }.value
        #expect(forecast == "rain")
    }

    @Test func fromAnotherThreadAnAsyncResolutionBindsTheProtocolOnTheMainActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let built = try await Task.detached { () async throws -> Bool in
            let client = try await factory.resolve(MXServiceAssembly.httpClient)
            return await MainActor.run { (client as? MXBundledHTTPClient)?.builtOnMainThread == true }
        }.value
        #expect(built)
    }

    @Test func aMainActorAsyncInitializerTakesNonSendableArgumentsAndRunsOnTheMainActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let (tides, onMain, shared) = try await Task.detached { () async throws -> (String, Bool, Bool) in
            let service = try await factory.resolve(MXServiceAssembly.tideService)
            let again = try await factory.resolve(MXServiceAssembly.tideService)
            return await MainActor.run { (service.tides, service.builtOnMainThread, service === again) }
        }.value
        #expect(tides == "bundled /tides")
        #expect(onMain)
        #expect(shared)
    }

    @Test func aMainActorAsyncClosureTakesNonSendableArguments() async throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let tides = try await Task.detached { () async throws -> String in
            let service = try await factory.resolve(MXServiceAssembly.tideServiceByClosure)
            return await MainActor.run { service.tides }
        }.value
        #expect(tides == "bundled /tides")
    }

    @MainActor @Test func aMainActorHookTakesTheComponentAsItsProtocol() throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        MXHookLog.paths = []
        _ = try factory.resolve(MXServiceAssembly.watchedClient)
        #expect(MXHookLog.paths == ["bundled /hook"])
    }

    @MainActor @Test func aMainActorAsyncInitializerResolvedSynchronouslyAsksForAwait() throws {
        let factory = try BlockComponentFactory(assemblies: [MXServiceAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(MXServiceAssembly.tideService) }
        #expect(error?.description == """
            Cannot resolve MXServiceAssembly.tideService(): its initializer is async, and this resolution is synchronous.
              Resolve it with `try await factory.resolve(…)`, which awaits the initializer; an eager singleton is built by `try await factory.start()`.
            """)
    }

    @Test func anEagerMainActorAsyncSingletonIsBuiltByStart() async throws {
        let factory = try BlockComponentFactory(assemblies: [MXEagerAssembly()])
        try await factory.start()
        let tides = try await factory.resolve(MXEagerAssembly.tideService)
        #expect(await MainActor.run { tides.builtOnMainThread })
    }
}

private final class MXEagerAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [tideService()] }
    func httpClient() -> Definition<any MXHTTPClient> { define { Definition(MXBundledHTTPClient.init).scope(.lazySingleton) } }
    func endpoints() -> Definition<MXEndpoints> { define { Definition(MXEndpoints.init) } }
    func tideService() -> Definition<MXTideService> {
        define { Definition(MXTideService.init(http:endpoints:), httpClient(), endpoints()).scope(.singleton) }
    }
}

/// A nonisolated type's `nonisolated(nonsending)` factory method, as every nonisolated async function of
/// a module with `NonisolatedNonsendingByDefault` is.
private final class MXTideDatabase: Sendable {
    let path: String
    private init(path: String) { self.path = path }
    nonisolated(nonsending) static func open(path: String) async throws -> MXTideDatabase {
        await Task.yield()
        return MXTideDatabase(path: path)
    }
}

private final class MXDatabaseAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [database()] }
    func database() -> Definition<MXTideDatabase> { define { Definition(MXTideDatabase.open(path:), .value("tides.db")).scope(.singleton) } }
}

extension MainActorExistentialTests {
    @Test func aNonsendingAsyncFactoryMethodIsAwaitedByStart() async throws {
        let factory = try BlockComponentFactory(assemblies: [MXDatabaseAssembly()])
        try await factory.start()
        #expect(try await factory.resolve(MXDatabaseAssembly.database).path == "tides.db")
    }
}
