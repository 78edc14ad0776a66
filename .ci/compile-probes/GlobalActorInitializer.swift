// expect: converting function value of type '@StorageActor @Sendable (Quest) -> Vault' to '@Sendable (Quest) throws -> Vault' loses global actor 'StorageActor'
import Monsoon

// An initializer isolated to a global actor other than the main one is called with `await`: define it
// with an async closure, `Definition({ await Vault(quest: $0) }, quest())`.
@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor final class Vault {
    init(quest: Quest) {}
}

final class ProbeAssembly: ProbeBase {
    func vault() -> Definition<Vault> { define { Definition(Vault.init(quest:), quest()) } }
}
