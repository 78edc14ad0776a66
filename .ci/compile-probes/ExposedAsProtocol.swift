// expect: 'self' is not a member type of protocol
import Monsoon

// `any Mission.self` reads as `any (Mission.self)`: the existential's metatype is `(any Mission).self`.
protocol Mission: Sendable {}
final class DragonMission: Mission {}

final class ProbeAssembly: ProbeBase {
    func mission() -> Definition<DragonMission> {
        define { Definition(DragonMission.init).exposed(as: any Mission.self) }
    }
}
