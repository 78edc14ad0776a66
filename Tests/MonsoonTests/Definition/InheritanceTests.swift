import Monsoon
import Testing

class Controller {
    var theme = "none"
    var title = ""
    var log: [String] = []
    func configure(_ step: String) { log.append(step) }
}
final class HomeController: Controller {}
final class SettingsController: Controller {}

final class ControllerAssembly: Assembly {
    override var definitions: [any ComponentDefinition] {
        [base(), screen(), home(), settings(), plain()]
    }

    /// Abstract root: theme, a method, hooks and a scope for every controller.
    func base() -> Definition<Controller> {
        define {
            Definition<Controller>.abstract()
                .inject(\.theme, "dark")
                .injectMethod { controller, _ in controller.configure("base method") }
                .beforeInjections { $0.configure("base before") }
                .afterInjections { $0.configure("base after") }
                .scope(.lazySingleton)
        }
    }

    /// A middle level, itself abstract: adds a title.
    func screen() -> Definition<Controller> {
        define { Definition<Controller>.abstract().parent(base()).inject(\.title, "Screen") }
    }

    func home() -> Definition<HomeController> {
        define {
            Definition(HomeController.init)
                .parent(screen())
                .inject(\.title, "Home")
                .injectMethod { controller, _ in controller.configure("home method") }
        }
    }

    func settings() -> Definition<SettingsController> {
        define { Definition(SettingsController.init).parent(screen()).scope(.prototype) }
    }

    /// A parent that is not abstract, of the same type, providing the initializer.
    func plain() -> Definition<Controller> { define { Definition(Controller.init).inject(\.title, "Plain") } }
}

@Suite struct InheritanceTests {
    @Test func childrenInheritPropertiesMethodsHooksAndScopeThroughAChain() throws {
        let factory = try BlockComponentFactory(assemblies: [ControllerAssembly()])
        let home = try factory.resolve(ControllerAssembly.home)
        #expect(home.theme == "dark")
        #expect(home.log == ["base before", "base method", "home method", "base after"])
        #expect(try factory.resolve(ControllerAssembly.home) === home, "lazySingleton inherited from the root")
        #expect(factory.definitions.first { $0.key == "ControllerAssembly.home()" }?.scope == .lazySingleton)
    }

    @Test func aChildsPropertyOverridesItsParentsForTheSameKeyPath() throws {
        let factory = try BlockComponentFactory(assemblies: [ControllerAssembly()])
        #expect(try factory.resolve(ControllerAssembly.home).title == "Home")
        #expect(try factory.resolve(ControllerAssembly.settings).title == "Screen")
    }

    @Test func aChildsOwnScopeWinsOverItsParents() throws {
        let factory = try BlockComponentFactory(assemblies: [ControllerAssembly()])
        #expect(try factory.resolve(ControllerAssembly.settings) !== factory.resolve(ControllerAssembly.settings))
    }

    @Test func aChildWithoutInitializerInheritsItsParentsOfTheSameType() throws {
        final class Inheriting: Assembly {
            override var definitions: [any ComponentDefinition] { [plain(), copy()] }
            func plain() -> Definition<Controller> { define { Definition(Controller.init).inject(\.title, "Plain") } }
            func copy() -> Definition<Controller> { define { .inheriting(from: plain()).inject(\.theme, "light") } }
        }
        let copy = try BlockComponentFactory(assemblies: [Inheriting()]).resolve(Inheriting.copy)
        #expect(copy.title == "Plain")
        #expect(copy.theme == "light")
    }

    @Test func incompatibleParentAndChildTypesAreReportedAtActivation() {
        final class Mismatch: Assembly {
            override var definitions: [any ComponentDefinition] { [banner(), home()] }
            func banner() -> Definition<Banner> { define { .abstract() } }
            func home() -> Definition<HomeController> { define { Definition(HomeController.init).parent(banner()) } }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [Mismatch()]) }
        #expect(error?.problems.map(\.kind) == [.invalidParent])
        #expect(error?.description.hasSuffix("""
            : it declares HomeController, which is not Banner or a subclass of it, so it cannot inherit from banner(). \
            A parent must declare the child's type or a superclass of it.
            """) == true)
    }

    @Test func aParentCycleIsReportedAtActivationAndAnUnlistedParentIsDiscovered() {
        final class Broken: Assembly {
            override var definitions: [any ComponentDefinition] { [first(), second(), orphan()] }
            func first() -> Definition<Controller> { define { Definition(Controller.init).parent(second()) } }
            func second() -> Definition<Controller> { define { Definition(Controller.init).parent(first()) } }
            func unlisted() -> Definition<Controller> { define { .abstract() } }
            func orphan() -> Definition<Controller> { define { Definition(Controller.init).parent(unlisted()) } }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [Broken()]) }
        // orphan()'s parent is not listed but orphan() reaches it, so it is registered: only the cycle fails.
        #expect(error?.problems.map(\.kind) == [.invalidParent, .invalidParent])
        #expect(error?.problems.first?.message.contains("its parents form a cycle: first() → second() → first()") == true)
    }

    @Test func resolvingAnAbstractParentIsAnError() throws {
        let factory = try BlockComponentFactory(assemblies: [ControllerAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(ControllerAssembly.screen) }
        #expect(error?.kind == .abstractDefinition)
        #expect(try factory.resolve(Controller.self).title == "Plain", "abstract definitions are not found by type")
    }
}

class DeferredScreen {
    var kind = ""
    init() {}
}
final class DeferredHomeScreen: DeferredScreen {}

/// An abstract parent written with define(scope) { … }, inherited by children written either way.
final class DeferredParentAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [base(), home()] }
    func base() -> Definition<DeferredScreen> { define(.objectGraph) { Definition<DeferredScreen>.abstract().inject(\.kind, "screen") } }
    func home() -> Definition<DeferredHomeScreen> { define { Definition(DeferredHomeScreen.init).parent(base()) } }
}

final class DeferredChildAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [base(), home()] }
    func base() -> Definition<DeferredScreen> { define(.objectGraph) { Definition<DeferredScreen>.abstract().inject(\.kind, "screen") } }
    func home() -> Definition<DeferredHomeScreen> { define(.objectGraph) { [self] in Definition(DeferredHomeScreen.init).parent(base()) } }
}

extension InheritanceTests {
    /// A parent written with define(_:_:) is evaluated at activation like any other: abstract or not,
    /// children of either form inherit from it.
    @Test func aParentWrittenWithTheScopeUpFrontIsInheritedFromByChildrenOfEitherForm() throws {
        let evaluatedChild = try BlockComponentFactory(assemblies: [DeferredParentAssembly()])
        #expect(try evaluatedChild.resolve(DeferredParentAssembly.home).kind == "screen")
        let scopedChild = try BlockComponentFactory(assemblies: [DeferredChildAssembly()])
        #expect(try scopedChild.resolve(DeferredChildAssembly.home).kind == "screen")
    }
}
