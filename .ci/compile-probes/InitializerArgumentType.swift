// expect: cannot convert value of type '@Sendable (Quest, Horse) -> Knight' to expected argument type '@Sendable (Quest, Sword) throws -> Knight'
import Monsoon

final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> { define { Definition(Knight.init(quest:horse:), quest(), sword()) } }
}
