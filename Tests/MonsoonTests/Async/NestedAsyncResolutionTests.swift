import Monsoon
import Testing

/// A session whose async initializer resolves more from the factory: another async component, or (by
/// mistake) itself.
final class Session: Sendable {
    let database: AsyncDatabase?
    init(database: AsyncDatabase?) { self.database = database }
}

final class SessionAssembly: Assembly {
    let log: BuildLog
    let scope: Scope
    init(log: BuildLog, scope: Scope = .lazySingleton) {
        self.log = log
        self.scope = scope
    }

    override var definitions: [any ComponentDefinition] { [session(), database(), endless(), selfish()] }

    func database() -> Definition<AsyncDatabase> {
        define { Definition(AsyncDatabase.init(name:log:), .value("nested"), .value(log)).scope(.lazySingleton) }
    }

    /// Resolves the database from inside its own async initializer.
    func session() -> Definition<Session> {
        define {
            Definition({ (factory: FactoryReference) async throws in
                Session(database: try await factory.get().resolve(SessionAssembly.database))
            }, .factory()).scope(scope)
        }
    }

    /// Resolves itself from inside its own async initializer: a shared build waiting for itself.
    func selfish() -> Definition<Session> {
        define {
            Definition({ (factory: FactoryReference) async throws in
                _ = try await factory.get().resolve(SessionAssembly.selfish)
                return Session(database: nil)
            }, .factory()).scope(.lazySingleton)
        }
    }

    /// A prototype that resolves a new one of itself, each in a resolution of its own, forever.
    func endless() -> Definition<Session> {
        define {
            Definition({ (factory: FactoryReference) async throws in
                _ = try await factory.get().resolve(SessionAssembly.endless)
                return Session(database: nil)
            }, .factory()).scope(.prototype)
        }
    }
}

@Suite struct NestedAsyncResolutionTests {
    let log = BuildLog()

    @Test func anAsyncInitializerMayResolveOtherComponentsWithAwait() async throws {
        let factory = try BlockComponentFactory(assemblies: [SessionAssembly(log: log)])
        let session = try await factory.resolve(SessionAssembly.session)
        #expect(session.database === (try await factory.resolve(SessionAssembly.database)))
        #expect(log.count("open nested") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func anAsyncInitializerThatResolvesItsOwnSharedComponentIsACycleNotAHang() async throws {
        let factory = try BlockComponentFactory(assemblies: [SessionAssembly(log: log)])
        let error = try await #require(throws: ResolutionError.self) { try await factory.resolve(SessionAssembly.selfish) }
        #expect(error.kind == .initializerCycle)
        #expect(error.description == """
            Cannot resolve SessionAssembly.selfish(): it is being built, and an initializer of that build resolves it again with \
            factory.resolve, which would wait for itself.
              SessionAssembly.selfish() → SessionAssembly.selfish()
              Inject it instead of resolving it inside an initializer, or inject a Provider and use it once the initializer has returned.
            """)
    }

    @Test(.timeLimit(.minutes(1)))
    func anAsyncInitializerThatResolvesItselfForeverEndsAtTheDepthLimit() async throws {
        let factory = try BlockComponentFactory(assemblies: [SessionAssembly(log: log)], maximumDepth: 50)
        let error = try await #require(throws: ResolutionError.self) { try await factory.resolve(SessionAssembly.endless) }
        var innermost = error
        while let cause = innermost.underlyingError as? ResolutionError { innermost = cause }
        #expect(innermost.kind == .depthLimitExceeded)
    }
}
