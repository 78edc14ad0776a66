// expect: no error (the fixes Docs/CompileErrors.md gives for the mistakes with the newer forms)
import Monsoon

final class Gate: Sendable {}
final class Castle {
    init(gate: Gate) {}
}
final class Squire {
    init(name: String, horse: Horse) {}
}
protocol Mission {}
final class DragonMission: Mission {
    var reward = 0
}
final class Settings {
    var retries: Int?
}
final class Stable {
    func open(_ horse: Horse) async {}
    func warmUp() async {}
}

final class FixesAssembly: ProbeBase {
    let stable = ProbeBase()
    func castle() -> Definition<Castle> { define(.lazySingleton) { Definition(Castle.init(gate:), gate()) } }
    func gate() -> Definition<Gate> { define(.prototype) { Definition(Gate.init) } }
    func knight() -> Definition<Knight> { define(.lazySingleton) { Definition(Knight.init(quest:horse:), quest(), horse()) } }
    func squire(named name: String) -> Definition<Squire> {
        define(arguments: name) { [self] in Definition(Squire.init(name:horse:), .value(name), stable.horse()) }
    }
    func mission() -> Definition<DragonMission> {
        define { Definition(DragonMission.init).inject(\.reward, 100).exposed(as: (any Mission).self) }
    }
    func settings() -> Definition<Settings> { define { Definition(Settings.init).inject(\.retries, .config("retries", as: Int.self)) } }
    func fixedSettings() -> Definition<Settings> { define { Definition(Settings.init).inject(\.retries, .value(3)) } }
    func openStable() -> Definition<Stable> {
        define { Definition({ horse in let stable = Stable(); await stable.open(horse); return stable }, horse()) }
    }
    func warmStable() -> Definition<Stable> {
        define { Definition({ let stable = Stable(); await stable.warmUp(); return stable }) }
    }
}
