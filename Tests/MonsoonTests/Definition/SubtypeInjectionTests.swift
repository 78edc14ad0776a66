import Monsoon
import Testing

protocol Delegate: AnyObject { func didLoad() }

final class Notifier: Delegate {
    func didLoad() {}
}

final class Lantern {}

class Rider {}
final class Courier: Rider {}

final class Screen {
    var delegate: (any Delegate)?
    var rider: Rider?
}

final class ScreenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [screen(), notifier(), courier(), lantern()] }

    func screen() -> Definition<Screen> {
        define { Definition(Screen.init).inject(\.delegate, notifier()).inject(\.rider, courier()) }
    }
    func notifier() -> Definition<Notifier> { define { Definition(Notifier.init).scope(.lazySingleton) } }
    func courier() -> Definition<Courier> { define { Definition(Courier.init) } }
    func lantern() -> Definition<Lantern> { define { Definition(Lantern.init) } }
}

@Suite("Property injection of a subtype")
struct SubtypeInjectionTests {
    @Test func aClassIsInjectedIntoAPropertyOfAProtocolItConformsToOrOfItsSuperclass() throws {
        let factory = try BlockComponentFactory(assemblies: [ScreenAssembly()])
        let screen = try factory.resolve(ScreenAssembly.screen)
        #expect(screen.delegate === (try factory.resolve(ScreenAssembly.notifier)))
        #expect(screen.rider is Courier)
    }

    @Test func theEdgesStayVisibleToTheGraphAndToValidation() throws {
        let factory = try BlockComponentFactory(assemblies: [ScreenAssembly()])
        let edges = factory.graph().edges.filter { $0.from == "ScreenAssembly.screen()" }.map { "\($0.siteLabel) → \($0.to)" }
        #expect(edges == [#"\Screen.delegate → ScreenAssembly.notifier()"#, #"\Screen.rider → ScreenAssembly.courier()"#])
        #expect(factory.validate().findings(.error).isEmpty)
    }

    @Test func anUnrelatedClassIsRejectedAtActivation() throws {
        final class MixedUpAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [screen(), lantern()] }
            func screen() -> Definition<Screen> { define { Definition(Screen.init).inject(\.rider, lantern()) } }
            func lantern() -> Definition<Lantern> { define { Definition(Lantern.init) } }
        }
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [MixedUpAssembly()]) }
        #expect(error.problems.map(\.kind) == [.propertyTypeMismatch])
        #expect(error.problems[0].message.hasSuffix(#"""
            injects \Screen.rider, which is Optional<Rider>, with Lantern, which is not a subclass of it and so can never be one. \#
            Inject a definition of the property's type or of a subclass.
            """#))
    }

    @Test func aClassThatDoesNotConformFailsWhenInjected() throws {
        final class NonConformingAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [screen(), lantern()] }
            func screen() -> Definition<Screen> { define { Definition(Screen.init).inject(\.delegate, lantern()) } }
            func lantern() -> Definition<Lantern> { define { Definition(Lantern.init) } }
        }
        let factory = try BlockComponentFactory(assemblies: [NonConformingAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(NonConformingAssembly.screen) }
        #expect(error.kind == .typeMismatch)
        #expect(error.description == #"""
            Cannot resolve NonConformingAssembly.screen(): \Screen.delegate is Optional<any Delegate>, but its injection supplied Lantern, which is not one.
              Inject a definition of a subtype of Optional<any Delegate>, or change the property's type.
            """#)
    }
}
