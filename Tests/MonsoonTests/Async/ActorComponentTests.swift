import Monsoon
import Testing

/// An actor: its initializer is nonisolated, so it is defined like any class.
actor AuditLedger {
    let feed: WeatherFeed
    private var entries: [String] = []
    init(feed: WeatherFeed) { self.feed = feed }
    func record(_ entry: String) -> Int {
        entries.append(entry)
        return entries.count
    }
}

@globalActor actor AuditActor {
    static let shared = AuditActor()
}

/// Isolated to a global actor other than the main one: Swift calls its initializer with `await`, so it
/// is defined with an async closure that awaits it, and built on that actor.
@AuditActor final class AuditVault {
    let ledger: AuditLedger
    let builtOnStorageActor: Bool
    init(ledger: AuditLedger) {
        self.ledger = ledger
        builtOnStorageActor = true
        AuditActor.shared.preconditionIsolated()
    }
}

final class Auditor: Sendable {
    let ledger: AuditLedger
    let vault: AuditVault
    init(ledger: AuditLedger, vault: AuditVault) {
        self.ledger = ledger
        self.vault = vault
    }
}

final class VaultAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [auditor()] }
    func feed() -> Definition<WeatherFeed> { define { Definition(WeatherFeed.init) } }
    func ledger() -> Definition<AuditLedger> { define { Definition(AuditLedger.init(feed:), feed()).scope(.lazySingleton) } }
    func vault() -> Definition<AuditVault> { define { Definition({ await AuditVault(ledger: $0) }, ledger()).scope(.lazySingleton) } }
    func auditor() -> Definition<Auditor> { define { Definition(Auditor.init(ledger:vault:), ledger(), vault()) } }
}

@Suite struct ActorComponentTests {
    @Test func anActorIsDefinedAndInjectedLikeAnyComponent() async throws {
        let factory = try BlockComponentFactory(assemblies: [VaultAssembly()])
        let ledger = try syncResolve(AuditLedger.self, from: factory)
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
