// expect: call to method 'gate' in closure requires explicit use of 'self' to make capture semantics explicit
import Monsoon

// The body of define(scope) is kept for later, so Swift wants the capture of the assembly said. This is
// the message for a method of the assembly's own class; DeferredSelfCaptureInherited.swift has the one
// for a method it inherits, DeferredArgumentsSelfCapture.swift the one for a collaborator.
final class Gate: Sendable {}
final class Castle {
    init(gate: Gate) {}
}

final class CastleAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [castle(), gate()] }
    func castle() -> Definition<Castle> { define(.lazySingleton) { Definition(Castle.init(gate:), gate()) } }
    func gate() -> Definition<Gate> { define(.prototype) { Definition(Gate.init) } }
}
