// Declarations the probes share: a knight with a quest, a horse, a sword, and a name that is a `let`.
// `nonisolated`, so that they stay so in the probes type-checked with default main-actor isolation.
import Monsoon

nonisolated final class Quest: Sendable {}
nonisolated final class Horse: Sendable {}
nonisolated final class Sword: Sendable {}

nonisolated final class Knight {
    var sword: Sword?
    let name = "Lancelot"
    init(quest: Quest, horse: Horse) {}
    func mount(_ horse: Horse) {}
}

nonisolated class ProbeBase: Assembly {
    func quest() -> Definition<Quest> { define { Definition(Quest.init) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init) } }
    func sword() -> Definition<Sword> { define { Definition(Sword.init) } }
}
