// expect: cannot pass function of type '@Sendable (Stable) async -> ()' to parameter expecting synchronous function type
import Monsoon

// Hooks are synchronous too: what must be awaited goes in an async initializer closure.
final class Stable {
    func warmUp() async {}
}

final class ProbeAssembly: ProbeBase {
    func stable() -> Definition<Stable> { define { Definition(Stable.init).afterInjections { await $0.warmUp() } } }
}
