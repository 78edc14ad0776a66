import Monsoon
import Swinject

/// Scenario 5's operations: activating 1,000 (5a) and 10,000 (5b) definitions of one type across 100
/// assemblies, 200 definitions of 200 distinct types (5f, as an app's are), and Swinject registering
/// the same; and start-up as an app lives it (5g, 5h): activate the 1,000 definitions, then resolve each
/// once, beside Swinject registering and resolving each once.
func activationOperations() -> [String: [Implementation: () -> Void]] {
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
    /// Activates, then makes 100 first resolutions: less the activation alone, their cost
    /// (`--measure` only).
    func activateAndResolve(_ assemblies: @escaping () -> [Monsoon.Assembly], _ firstUses: @escaping (BlockComponentFactory) -> Void) -> () -> Void {
        {
            guard let factory = try? BlockComponentFactory(assemblies: assemblies()) else { return }
            firstUses(factory)
        }
    }
    func registerAndResolveEach() {
        let container = Container()
        for index in 0..<100 { registerSwinject10(container, tag: "Tag\(index)") }
        for name in swinjectNames10 { blackHole(container.resolve(Leaf.self, name: name)) }
    }
    return [
        "5a": [.monsoon: activate(monsoonAssemblies10), .swinject: register(registerSwinject10)],
        "5b": [.monsoon: activate(monsoonAssemblies100), .swinject: register(registerSwinject100)],
        // 100 first resolutions: of deferred definitions (5c, less 5a) and of evaluated ones (5d, less 5e).
        "5c": [.monsoon: activateAndResolve(monsoonAssemblies10, deferredFirstUses)],
        "5d": [.monsoon: activateAndResolve(eagerAssemblies10, eagerFirstUses)],
        "5e": [.monsoon: activate(eagerAssemblies10)],
        "5g": [.monsoon: activateAndResolve(monsoonAssemblies10, resolveEachDeferredAll), .swinject: registerAndResolveEach],
        "5h": [.monsoon: activateAndResolve(eagerAssemblies10, resolveEachEagerAll), .swinject: registerAndResolveEach],
        "5f": [.monsoon: activate(distinctAssemblies), .swinject: {
            let container = Container()
            registerDistinctSwinject(container)
            blackHole(container)
        }],
    ]
}

/// Scenario 5 timed, in nanoseconds per activation.
func activationRows(_ measurer: Measurer) -> [Row] {
    let operations = activationOperations()
    func row(_ id: String, _ title: String) -> Row {
        let results = measurer.compareOnce([operations[id]?[.monsoon], operations[id]?[.swinject]].compactMap { $0 })
        return Row(scenario: title, monsoon: results[0], swinject: results[1], handWritten: nil, unit: "ns")
    }
    return [row("5a", "5a. activate 1,000 definitions"), row("5b", "5b. activate 10,000 definitions")]
}
