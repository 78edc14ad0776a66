import Monsoon
import Swinject

/// Scenario 5's operations: activating 1,000 (5a) and 10,000 (5b) definitions of one type across 100
/// assemblies, 200 definitions of 200 distinct types (5f, as an app's are), and Swinject registering
/// the same; and start-up as an app lives it (5g, 5h, and 5i, whose definitions inject a shared one):
/// activate the 1,000 definitions, then resolve each once, beside Swinject registering and resolving
/// each once.
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
    func registerAndResolveEachInjecting() {
        let container = Container()
        for index in 0..<100 { registerInjectingSwinject10(container, tag: "Tag\(index)") }
        for tag in 0..<100 {
            blackHole(container.resolve(Leaf.self, name: "Tag\(tag).d0"))
            for index in 1..<5 { blackHole(container.resolve(Chain.self, name: "Tag\(tag).d\(index)")) }
            for index in 5..<10 { blackHole(container.resolve(Holder.self, name: "Tag\(tag).d\(index)")) }
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
        "5i": [.monsoon: activateAndResolve(injectingAssemblies10, resolveEachInjectingAll), .swinject: registerAndResolveEachInjecting],
        "5f": [.monsoon: activate(distinctAssemblies), .swinject: {
            let container = Container()
            registerDistinctSwinject(container)
            blackHole(container)
        }],
    ]
}

/// What scenario 5i must have built, checked once before it is measured (its operation ignores what it
/// resolves): every component injected with its assembly's one `Leaf`, in Monsoon and in Swinject.
func verifyStartUp() -> [String] {
    var failures: [String] = []
    if let factory = try? BlockComponentFactory(assemblies: injectingAssemblies10()),
       let leaf = try? factory.resolve(InjectingBucket10<Tag7>.d0),
       let chain = try? factory.resolve(InjectingBucket10<Tag7>.d4),
       let holder = try? factory.resolve(InjectingBucket10<Tag7>.d9) {
        if chain.leaf !== leaf || holder.leaf !== leaf { failures.append("5i, monsoon: a component was not injected with its assembly's leaf") }
    } else {
        failures.append("5i, monsoon: the factory did not activate or a definition did not resolve")
    }
    let container = Container()
    registerInjectingSwinject10(container, tag: "Tag7")
    let leaf = container.resolve(Leaf.self, name: "Tag7.d0")
    if leaf == nil || container.resolve(Chain.self, name: "Tag7.d4")?.leaf !== leaf || container.resolve(Holder.self, name: "Tag7.d9")?.leaf !== leaf {
        failures.append("5i, swinject: a component was not injected with its assembly's leaf")
    }
    return failures
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
