// Declarations the probes share: a knight with a quest, a horse, a sword, and a name that is a `let`.
import Monsoon

final class Quest: Sendable {}
final class Horse: Sendable {}
final class Sword: Sendable {}

final class Knight {
    var sword: Sword?
    let name = "Lancelot"
    init(quest: Quest, horse: Horse) {}
    func mount(_ horse: Horse) {}
}

class ProbeBase: Assembly {
    func quest() -> Definition<Quest> { define { Definition(Quest.init) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init) } }
    func sword() -> Definition<Sword> { define { Definition(Sword.init) } }
}
