import Monsoon
import Testing

/// An actor: its initializer is nonisolated, so it is defined like any class.
actor Ledger {
    let feed: WeatherFeed
    private var entries: [String] = []
    init(feed: WeatherFeed) { self.feed = feed }
    func record(_ entry: String) -> Int {
        entries.append(entry)
        return entries.count
    }
}

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

/// Isolated to a global actor other than the main one: Swift calls its initializer with `await`, so it
/// is defined with an async closure that awaits it, and built on that actor.
@StorageActor final class Vault {
    let ledger: Ledger
    let builtOnStorageActor: Bool
    init(ledger: Ledger) {
        self.ledger = ledger
        builtOnStorageActor = true
        StorageActor.shared.preconditionIsolated()
    }
}

final class Auditor: Sendable {
    let ledger: Ledger
    let vault: Vault
    init(ledger: Ledger, vault: Vault) {
        self.ledger = ledger
        self.vault = vault
    }
}

final class VaultAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [auditor()] }
    func feed() -> Definition<WeatherFeed> { define { Definition(WeatherFeed.init) } }
    func ledger() -> Definition<Ledger> { define { Definition(Ledger.init(feed:), feed()).scope(.lazySingleton) } }
    func vault() -> Definition<Vault> { define { Definition({ await Vault(ledger: $0) }, ledger()).scope(.lazySingleton) } }
    func auditor() -> Definition<Auditor> { define { Definition(Auditor.init(ledger:vault:), ledger(), vault()) } }
}

@Suite struct ActorComponentTests {
    @Test func anActorIsDefinedAndInjectedLikeAnyComponent() async throws {
        let factory = try BlockComponentFactory(assemblies: [VaultAssembly()])
        let ledger = try syncResolve(Ledger.self, from: factory)
        #expect(await ledger.record("opened") == 1)
        #expect(try await factory.resolve(VaultAssembly.ledger) === ledger)
    }

    @Test func aComponentIsolatedToAnotherGlobalActorIsAnAsyncComponentBuiltOnThatActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [VaultAssembly()])
        #expect(factory.definitions.first { $0.key == "VaultAssembly.vault()" }?.isAsync == true)
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(Auditor.self) }
        #expect(error.kind == .asyncRequired)
        let auditor = try await factory.resolve(VaultAssembly.auditor)
        #expect(auditor.vault.builtOnStorageActor)
        #expect(auditor.vault.ledger === auditor.ledger)
    }
}
