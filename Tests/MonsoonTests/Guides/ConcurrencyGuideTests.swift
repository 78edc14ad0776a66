import Foundation
import Monsoon
import Testing

// The examples of Docs/Concurrency.md, compiled and run. (Its default-isolation examples are compiled in
// Fixtures/DefaultMainActorApp, which needs that module setting.)

// MARK: Main-actor components

final class TemperatureFormatter {
    func format(_ celsius: Double) -> String { "\(Int(celsius))°C" }
}

@MainActor final class ForecastViewModel {
    let formatter: TemperatureFormatter      // not Sendable: fine
    var title = ""
    private(set) var refreshed = false
    init(formatter: TemperatureFormatter) { self.formatter = formatter }
    func refresh() { refreshed = true }
}

final class ForecastScreenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [viewModel()] }
    func formatter() -> Definition<TemperatureFormatter> { define { Definition(TemperatureFormatter.init) } }
    func viewModel() -> Definition<ForecastViewModel> {
        define {
            Definition(ForecastViewModel.init(formatter:), formatter())
                .inject(\.title, "Forecast")
                .afterInjections { @MainActor model in model.refresh() }
        }
    }
}

// MARK: Async components

final class Database: Sendable {
    let path: String
    private init(path: String) { self.path = path }
    static func open(path: String) async throws -> Database {
        await Task.yield()
        return Database(path: path)
    }
}

final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

final class PersistenceAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [database(), repository()] }
    func database() -> Definition<Database> {
        define { Definition(Database.open(path:), .config("database.path")).scope(.singleton) }
    }
    func repository() -> Definition<Repository> { define { Definition(Repository.init(database:), database()) } }
}

// MARK: Actors and other global actors

final class Journal: Sendable {}

actor Ledger {
    let journal: Journal
    private(set) var isOpen = false
    init(journal: Journal) { self.journal = journal }
    func open() { isOpen = true }
}

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor final class Vault {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

final class LedgerAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [vault(), openLedger()] }
    func journal() -> Definition<Journal> { define { Definition(Journal.init) } }
    func ledger() -> Definition<Ledger> { define { Definition(Ledger.init(journal:), journal()).scope(.lazySingleton) } }
    func vault() -> Definition<Vault> { define { Definition({ await Vault(ledger: $0) }, ledger()) } }
    func openLedger() -> Definition<Ledger> {
        define {
            Definition({ (journal: Journal) async in
                let ledger = Ledger(journal: journal)
                await ledger.open()
                return ledger
            }, journal())
        }
    }
}

@Suite struct ConcurrencyGuideTests {
    @MainActor @Test func aMainActorComponentIsBuiltWholeOnTheMainActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [ForecastScreenAssembly()])
        let model = try await factory.resolve(ForecastScreenAssembly.viewModel)
        #expect(model.title == "Forecast")
        #expect(model.refreshed)
        #expect(model.formatter.format(12) == "12°C")
    }

    @Test func fromAnotherThreadTheAwaitedResolutionGoesToTheMainActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [ForecastScreenAssembly()])
        let model = try await factory.resolve(ForecastScreenAssembly.viewModel)
        #expect(await model.refreshed)
    }

    @Test func asyncComponentsAreStartedAndAwaited() async throws {
        let configuration = try Configuration(json: Data(#"{"database": {"path": "app.sqlite"}}"#.utf8), name: "app.json")
        let factory = try BlockComponentFactory(assemblies: [PersistenceAssembly()], configuration: configuration)
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(Repository.self) }
        #expect(error.description == """
            Cannot resolve PersistenceAssembly.repository(): it needs PersistenceAssembly.database(), whose initializer is async, \
            and this resolution is synchronous.
              PersistenceAssembly.repository() → PersistenceAssembly.database()
              Resolve it with `try await factory.resolve(…)`, which awaits the initializer; an eager singleton is built by \
            `try await factory.start()`.
            """)
        try await factory.start()                                   // builds the async eager singletons
        let repository = try await factory.resolve(PersistenceAssembly.repository)
        #expect(repository.database.path == "app.sqlite")
    }

    @Test func actorsAndGlobalActorComponents() async throws {
        let factory = try BlockComponentFactory(assemblies: [LedgerAssembly()])
        let vault = try await factory.resolve(LedgerAssembly.vault)
        #expect(vault.ledger === (try await factory.resolve(LedgerAssembly.ledger)))
        #expect(try await factory.resolve(LedgerAssembly.openLedger).isOpen)
    }

    @Test func aProviderAwaitsToo() async throws {
        final class ProvidingAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [holder()] }
            func holder() -> Definition<Provider<Vault>> { define { Definition({ $0 }, .provider(LedgerAssembly().vault())) } }
        }
        let factory = try BlockComponentFactory(assemblies: [LedgerAssembly(), ProvidingAssembly()])
        let provider = try syncResolve(Provider<Vault>.self, from: factory)
        let error = try #require(throws: ResolutionError.self) { try provider.callAsFunction() as Vault }
        #expect(error.kind == .asyncRequired)
        #expect(try await provider().ledger === (try await factory.resolve(LedgerAssembly.ledger)))
    }
}
