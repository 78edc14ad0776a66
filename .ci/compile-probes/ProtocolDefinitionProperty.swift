// expect: value of type 'any Mission' has no member 'reward'
import Monsoon

// A definition declaring a protocol builds `any Mission`, so its key paths start there.
protocol Mission {}
final class DragonMission: Mission {
    var reward = 0
}

final class ProbeAssembly: ProbeBase {
    func mission() -> Definition<any Mission> { define { Definition(DragonMission.init).inject(\.reward, 100) } }
}
