// expect: implicit use of 'self' in closure; use 'self.' to make capture semantics explicit
import Monsoon

// The body of define(scope) is kept for later, so Swift wants the capture of the assembly said.
final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> { define(.lazySingleton) { Definition(Knight.init(quest:horse:), quest(), horse()) } }
}
