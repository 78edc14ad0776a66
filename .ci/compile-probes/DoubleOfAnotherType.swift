// expect: cannot convert value of type '@Sendable () -> Clock' to expected argument type 'Injection<any Tides>'
import Monsoon

// A double must build the definition's type: the compiler names the double's initializer and the type.
protocol Tides: Sendable {}
final class LiveTides: Tides { init() {} }
final class Clock: Sendable { init() {} }

final class DoubleAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [tides()] }
    func tides() -> Definition<any Tides> { define { Definition(LiveTides.init).testDouble(Definition(Clock.init)) } }
}
