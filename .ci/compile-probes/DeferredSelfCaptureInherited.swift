// expect: implicit use of 'self' in closure; use 'self.' to make capture semantics explicit
import Monsoon

// The same mistake as DeferredSelfCapture.swift with methods the assembly inherits (from ProbeBase):
// Swift words it differently.
final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> { define(.lazySingleton) { Definition(Knight.init(quest:horse:), quest(), horse()) } }
}
