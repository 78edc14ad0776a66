// expect: no error
import Monsoon

// The body of define(scope) runs at once, as define { }'s does, so it calls the assembly's methods (its
// own, inherited ones, and a collaborator's) without `[self] in`. Only define(arguments:) keeps its body
// for later (DeferredArgumentsSelfCapture.swift).
final class Gate: Sendable {}
final class Castle {
    init(gate: Gate) {}
}

final class CastleAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [castle(), gate()] }
    func castle() -> Definition<Castle> { define(.lazySingleton) { Definition(Castle.init(gate:), gate()) } }
    func gate() -> Definition<Gate> { define(.prototype) { Definition(Gate.init) } }
}

final class ProbeAssembly: ProbeBase {
    let stable = ProbeBase()
    func knight() -> Definition<Knight> { define(.lazySingleton) { Definition(Knight.init(quest:horse:), quest(), stable.horse()) } }
}
