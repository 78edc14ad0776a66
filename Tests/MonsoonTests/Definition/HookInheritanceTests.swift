import Monsoon
import Testing

/// A child's hooks after its parent's, or — with `replacingInheritedHooks()` — instead of them, kind by
/// kind, as in Typhoon.
@Suite struct HookInheritanceTests {
    @Test func byDefaultInheritedHooksRunFirstAndTheChildsAfterThem() throws {
        let factory = try BlockComponentFactory(assemblies: [GateAssembly()])
        #expect(try factory.resolve(GateAssembly.adding).events == ["root before", "child before", "root after", "child after"])
    }

    @Test func aReplacingChildsHooksRunInsteadOfItsAncestorsOfTheSameKind() throws {
        let factory = try BlockComponentFactory(assemblies: [GateAssembly()])
        #expect(try factory.resolve(GateAssembly.replacing).events == ["child before", "child after"])
    }

    @Test func aKindTheReplacingChildSetsNoHookOfIsInherited() throws {
        let factory = try BlockComponentFactory(assemblies: [GateAssembly()])
        #expect(try factory.resolve(GateAssembly.replacingAfterOnly).events == ["root before", "child after"])
    }

    @Test func aReplacingMiddleDefinitionCutsTheChainAboveIt() throws {
        let factory = try BlockComponentFactory(assemblies: [GateAssembly()])
        // middle() replaces root()'s after hook; leaf() adds its own after middle()'s.
        #expect(try factory.resolve(GateAssembly.leaf).events == ["root before", "middle after", "leaf after"])
    }
}

final class Gatehouse {
    var events: [String] = []
    init() {}
}

final class GateAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [root(), adding(), replacing(), replacingAfterOnly(), middle(), leaf()] }

    func root() -> Definition<Gatehouse> {
        define {
            Definition<Gatehouse>.abstract()
                .beforeInjections { $0.events.append("root before") }
                .afterInjections { $0.events.append("root after") }
        }
    }
    func adding() -> Definition<Gatehouse> {
        define {
            Definition(Gatehouse.init).parent(root())
                .beforeInjections { $0.events.append("child before") }
                .afterInjections { $0.events.append("child after") }
        }
    }
    func replacing() -> Definition<Gatehouse> {
        define {
            Definition(Gatehouse.init).parent(root())
                .beforeInjections { $0.events.append("child before") }
                .afterInjections { $0.events.append("child after") }
                .replacingInheritedHooks()
        }
    }
    func replacingAfterOnly() -> Definition<Gatehouse> {
        define {
            Definition(Gatehouse.init).parent(root()).afterInjections { $0.events.append("child after") }.replacingInheritedHooks()
        }
    }
    func middle() -> Definition<Gatehouse> {
        define { Definition(Gatehouse.init).parent(root()).afterInjections { $0.events.append("middle after") }.replacingInheritedHooks() }
    }
    func leaf() -> Definition<Gatehouse> {
        define { Definition(Gatehouse.init).parent(middle()).afterInjections { $0.events.append("leaf after") } }
    }
}

/// replacingInheritedHooks() with no parent: once listed (checked at activation), once deferred (at first use).
final class OrphanGateAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [orphan()] }
    func orphan() -> Definition<Gatehouse> {
        define { Definition(Gatehouse.init).afterInjections { $0.events.append("after") }.replacingInheritedHooks() }
    }
}

final class DeferredOrphanGateAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [orphan()] }
    func orphan() -> Definition<Gatehouse> {
        define(.objectGraph) { Definition(Gatehouse.init).afterInjections { $0.events.append("after") }.replacingInheritedHooks() }
    }
}

extension HookInheritanceTests {
    @Test func replacingInheritedHooksWithoutAParentIsRefusedAtActivation() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [OrphanGateAssembly()]) }
        #expect(error.problems.map(\.kind) == [.invalidParent])
        #expect(error.description.hasPrefix("Cannot activate the factory: OrphanGateAssembly.orphan() (MonsoonTests/HookInheritanceTests.swift:"))
        #expect(error.description.hasSuffix(
            "): it calls replacingInheritedHooks() but has no parent, so it inherits no hooks to replace. "
                + "Name its parent with .parent(…) (or inheriting(from:)), or remove replacingInheritedHooks()."))
    }

    @Test func replacingInheritedHooksWithoutAParentIsRefusedAtActivationWhateverTheForm() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [DeferredOrphanGateAssembly()]) }
        #expect(error.problems.map(\.kind) == [.invalidParent])
        #expect(error.description.contains("it calls replacingInheritedHooks() but has no parent"))
    }
}
