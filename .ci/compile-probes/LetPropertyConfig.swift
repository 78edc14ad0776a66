// expect: 'inject' is unavailable: this property is a `let` or has no setter, so it cannot be injected: make it a `var`, or pass the value to the initializer
import Monsoon

final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> {
        define { Definition(Knight.init(quest:horse:), quest(), horse()).inject(\.name, .config("knight.name")) }
    }
}
