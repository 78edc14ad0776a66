// expect: invalid conversion from 'async' function of type '(Horse) async -> ()' to synchronous function type '(Horse) throws -> Void'
import Monsoon

// Injected methods are called synchronously; an async one is awaited in an async initializer closure.
final class Stable {
    func open(_ horse: Horse) async {}
}

final class ProbeAssembly: ProbeBase {
    func stable() -> Definition<Stable> { define { Definition(Stable.init).injectMethod(Stable.open(_:), horse()) } }
}
