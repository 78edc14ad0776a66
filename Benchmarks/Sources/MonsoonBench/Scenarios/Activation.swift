import Monsoon
import Swinject

/// Scenario 5: activating 1,000 and 10,000 definitions across 100 assemblies, against Swinject
/// registering the same, in nanoseconds per activation.
func activationRows(_ measurer: Measurer) -> [Row] {
    func activate(_ assemblies: @escaping () -> [Monsoon.Assembly]) -> () -> Void {
        { blackHole(try? BlockComponentFactory(assemblies: assemblies())) }
    }
    func register(_ perTag: @escaping (Container, String) -> Void) -> () -> Void {
        {
            let container = Container()
            for index in 0..<100 { perTag(container, "Tag\(index)") }
            blackHole(container)
        }
    }
    let small = measurer.compareOnce([activate(monsoonAssemblies10), register(registerSwinject10)])
    let large = measurer.compareOnce([activate(monsoonAssemblies100), register(registerSwinject100)])
    return [
        Row(scenario: "5a. activate 1,000 definitions", monsoon: small[0], swinject: small[1], handWritten: nil, unit: "ns"),
        Row(scenario: "5b. activate 10,000 definitions", monsoon: large[0], swinject: large[1], handWritten: nil, unit: "ns"),
    ]
}
