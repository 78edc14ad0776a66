// expect: no error
import Monsoon

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor final class Vault {
    init(quest: Quest) {}
}

final class ProbeAssembly: ProbeBase {
    func vault() -> Definition<Vault> { define { Definition({ await Vault(quest: $0) }, quest()) } }
}
