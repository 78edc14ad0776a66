// expect: type '() -> Definition<Quest>' cannot conform to 'Injectable'
import Monsoon

// A reference to a definition is a call: `quest()`, not `quest` (Typhoon's `[self quest]`).
final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> { define { Definition(Knight.init(quest:horse:), quest, horse()) } }
}
