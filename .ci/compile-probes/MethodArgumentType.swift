// expect: cannot convert value of type '@Sendable (Knight) -> (Horse) -> ()' to expected argument type '@Sendable (Knight) -> (Quest) throws -> Void'
import Monsoon

final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> {
        define { Definition(Knight.init(quest:horse:), quest(), horse()).injectMethod(Knight.mount(_:), quest()) }
    }
}
