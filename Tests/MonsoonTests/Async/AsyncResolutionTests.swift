import Foundation
import Monsoon
import Testing

@Suite struct AsyncResolutionTests {
    let log = BuildLog()

    @Test(arguments: [Scope.objectGraph, .prototype, .lazySingleton, .weakSingleton])
    func anAsyncInitializerIsAwaitedByMethodTypeAndKey(scope: Scope) async throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log, scope: scope)])
        let byMethod = try await factory.resolve(DatabaseAssembly.database)
        let byType = try await factory.resolve(AsyncDatabase.self)
        let byKey: AsyncDatabase = try await factory.resolve(key: "DatabaseAssembly.database()")
        #expect([byMethod, byType, byKey].allSatisfy { $0.name == "main" })
        let shared = scope == .lazySingleton || scope == .weakSingleton
        #expect((byMethod === byType && byType === byKey) == shared)
        #expect(log.count("open main") == (shared ? 1 : 3))
    }

    @Test func anObjectGraphIsSharedWithinOneAsyncResolutionOnly() async throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log, scope: .objectGraph)])
        let pair = try await factory.resolve(DatabaseAssembly.pair)
        let other = try await factory.resolve(DatabaseAssembly.pair)
        #expect(pair.first === pair.second)
        #expect(other.first !== pair.first)
        #expect(log.count("open main") == 2)
    }

    @Test func aPrototypeIsNewAtEveryReference() async throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log, scope: .prototype)])
        let pair = try await factory.resolve(DatabaseAssembly.pair)
        #expect(pair.first !== pair.second)
        #expect(log.count("open main") == 2)
    }

    @Test func aSynchronousComponentAboveAnAsyncOneIsResolvedWithAwait() async throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log, scope: .lazySingleton)])
        let service = try await factory.resolve(DatabaseAssembly.service)
        #expect(service.repository.database === (try await factory.resolve(AsyncDatabase.self)))
    }

    @Test func resolvingItSynchronouslyNamesThePathToTheAsyncInitializerAndBuildsNothing() throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log, scope: .lazySingleton)])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(AsyncService.self) }
        #expect(error.kind == .asyncRequired)
        #expect(error.path == ["DatabaseAssembly.service()", "DatabaseAssembly.repository()", "DatabaseAssembly.database()"])
        #expect(error.description == """
            Cannot resolve DatabaseAssembly.service(): it needs DatabaseAssembly.database(), whose initializer is async, and this resolution is synchronous.
              DatabaseAssembly.service() → DatabaseAssembly.repository() → DatabaseAssembly.database()
              Resolve it with `try await factory.resolve(…)`, which awaits the initializer; an eager singleton is built by `try await factory.start()`.
            """)
        #expect(log.events.isEmpty)
    }

    @Test func onceTheAsyncSingletonIsBuiltSynchronousResolutionsUseIt() async throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log, scope: .lazySingleton)])
        let database = try await factory.resolve(AsyncDatabase.self)
        let service = try syncResolve(AsyncService.self, from: factory)
        #expect(service.repository.database === database)
    }

    @Test func anAsyncFactoryFunctionWorksLikeAnInitializer() async throws {
        final class OpeningAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [database()] }
            func database() -> Definition<AsyncDatabase> {
                define { Definition(AsyncDatabase.open(named:log:), .value("opened"), .value(log)).scope(.lazySingleton) }
            }
        }
        let factory = try BlockComponentFactory(assemblies: [OpeningAssembly(log: log)])
        #expect(try await factory.resolve(OpeningAssembly.database).name == "opened")
    }
}

/// A synchronous resolution from async code (where Swift picks the async `resolve`).
func syncResolve<T>(_ type: T.Type, from factory: BlockComponentFactory) throws -> T {
    try factory.resolve(type)
}

/// An async component per runtime argument.
final class TenantDatabaseAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }
    override var parameterizedDefinitions: [ParameterizedMethod] { [ParameterizedMethod(TenantDatabaseAssembly.database(tenant:))] }

    func database(tenant: String) -> Definition<AsyncDatabase> {
        define(arguments: tenant) { [log] in
            Definition(AsyncDatabase.init(name:log:), .value(tenant), .value(log)).scope(.lazySingleton)
        }
    }
}

extension AsyncResolutionTests {
    @Test func aParameterizedAsyncDefinitionIsAwaitedPerArgumentsByMethodAndByKey() async throws {
        let factory = try BlockComponentFactory(assemblies: [TenantDatabaseAssembly(log: log)])
        let north = try await factory.resolve(TenantDatabaseAssembly.database(tenant:), "north")
        let byKey: AsyncDatabase = try await factory.resolve(key: "TenantDatabaseAssembly.database(tenant:)", arguments: ["north"])
        let south = try await factory.resolve(TenantDatabaseAssembly.database(tenant:), "south")
        #expect(north === byKey)
        #expect(south !== north && south.name == "south")
        let error = try #require(throws: ResolutionError.self) {
            try factory.resolve(key: "TenantDatabaseAssembly.database(tenant:)", arguments: ["east"], as: AsyncDatabase.self)
        }
        #expect(error.kind == .asyncRequired)
        #expect(log.count("open north") == 1)
    }
}

final class ClosureReport {
    let database: AsyncDatabase
    init(database: AsyncDatabase) { self.database = database }
}

/// report() builds its component in a closure that resolves an async database through its Resolver.
final class ClosureReportAssembly: Assembly {
    let log = BuildLog()
    override var definitions: [any ComponentDefinition] { [database(), report(), argumentReport()] }
    func database() -> Definition<AsyncDatabase> {
        define { Definition({ [log] in try await AsyncDatabase.open(named: "reports", log: log) }).scope(.lazySingleton) }
    }
    func report() -> Definition<ClosureReport> {
        define { Definition { resolver in ClosureReport(database: try resolver.resolve(ClosureReportAssembly.database)) } }
    }
    func argumentReport() -> Definition<ClosureReport> {
        define { Definition({ database in ClosureReport(database: database) }, database()) }
    }
}

extension AsyncResolutionTests {
    /// The caller awaited: the message says that the closure's Resolver is what cannot await, and how to inject instead.
    @Test func aClosureResolvingAnAsyncComponentThroughItsResolverIsToldToTakeItAsAnArgument() async throws {
        let factory = try BlockComponentFactory(assemblies: [ClosureReportAssembly()])
        let error = try await #require(throws: ResolutionError.self) { try await factory.resolve(ClosureReportAssembly.report) }
        #expect(error.kind == .asyncRequired)
        #expect(error.description == """
            Cannot resolve ClosureReportAssembly.database(): its initializer is async (it builds AsyncDatabase), and the closure of \
            ClosureReportAssembly.report() resolves it through its Resolver, which is synchronous, although this resolution awaits.
              ClosureReportAssembly.report() → ClosureReportAssembly.database()
              Inject it into the closure as an argument instead, which the resolution awaits: Definition({ value in … }, database()).
            """)
        #expect(try await factory.resolve(ClosureReportAssembly.argumentReport).database.name == "reports")
    }
}

final class AwaitedPage: Sendable {
    let number: Int
    /// Unowned: the factory keeps every page (lazySingletons), and releasing a 10,000-long chain of
    /// strong references would recurse 10,000 deinitializers deep.
    unowned let next: AwaitedPage?
    init(number: Int, next: AwaitedPage?) async {
        self.number = number
        self.next = next
    }
}

/// page(n) awaits page(n - 1): a chain as long as its first argument, each link a lazySingleton.
final class AwaitedBookAssembly: Assembly {
    func page(_ number: Int) -> Definition<AwaitedPage> {
        define(arguments: number) { [self] in
            number == 0
                ? Definition({ await AwaitedPage(number: 0, next: nil) }).scope(.lazySingleton)
                : Definition({ (next: AwaitedPage) async in await AwaitedPage(number: number, next: next) }, page(number - 1))
                    .scope(.lazySingleton)
        }
    }
}

extension AsyncResolutionTests {
    /// Each link used to copy the whole path of the resolution (for messages it might never print),
    /// which made an awaited chain quadratic: in a debug build 10,000 links took 36 s, so 20,000 would
    /// take well over the limit; linear, they take about a second. The figures are in Performance.md.
    @Test(.timeLimit(.minutes(1)))
    func anAwaitedChainOfTwentyThousandLinksResolvesInLinearTime() async throws {
        let factory = try BlockComponentFactory(assemblies: [AwaitedBookAssembly()], maximumDepth: 30_000)
        var page: AwaitedPage? = try await factory.resolve(AwaitedBookAssembly.page(_:), 20_000)
        var count = 0
        while let current = page {
            if current.number != 20_000 - count { Issue.record("page \(current.number) at position \(count)") }
            count += 1
            page = current.next
        }
        #expect(count == 20_001)
        #expect(try await factory.resolve(AwaitedBookAssembly.page(_:), 10) === factory.resolve(AwaitedBookAssembly.page(_:), 10))
    }
}
