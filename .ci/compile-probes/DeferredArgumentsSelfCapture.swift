// expect: reference to property 'stable' in closure requires explicit use of 'self' to make capture semantics explicit
import Monsoon

// The body of define(arguments:) is kept until the arguments are known; here it reaches a collaborator through a stored property.
final class Squire {
    init(name: String, horse: Horse) {}
}

final class SquireAssembly: Assembly {
    let stable = ProbeBase()
    func squire(named name: String) -> Definition<Squire> {
        define(arguments: name) { Definition(Squire.init(name:horse:), .value(name), stable.horse()) }
    }
}
