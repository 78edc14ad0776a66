// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// Initializers wired by type in a module whose default isolation is the main actor: a main-actor
// initializer, a main-actor async one, a nonisolated one and a nonisolated(nonsending) async one, each
// named alone, with no annotation but the assembly's `nonisolated`.
final class Clock {}

final class Screen {
    init(clock: Clock, quest: Quest) {}
}

final class Loader {
    init(clock: Clock) async {}
}

nonisolated final class Parser {
    init(horse: Horse) {}
}

nonisolated final class Fetcher {
    init(horse: Horse) async {}
}

nonisolated final class WiringAssembly: ProbeBase {
    override var definitions: [any ComponentDefinition] { [clock(), screen(), loader(), parser(), fetcher()] }
    func clock() -> Definition<Clock> { define { Definition(Clock.init) } }
    func screen() -> Definition<Screen> { define { Definition(Screen.init(clock:quest:)) } }
    func loader() -> Definition<Loader> { define { Definition(Loader.init(clock:)) } }
    func parser() -> Definition<Parser> { define { Definition(Parser.init(horse:)) } }
    func fetcher() -> Definition<Fetcher> { define { Definition(Fetcher.init(horse:)) } }
}
