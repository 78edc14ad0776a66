// expect: missing argument for parameter #2 in call
import Monsoon

final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> { define { Definition(Knight.init(quest:horse:), quest()) } }
}
