import Monsoon
import Testing

/// A herald that needs any quest by type, and a dragon quest declared as itself but exposed as a quest.
final class Herald {
    let quest: any Quest
    init(quest: any Quest) { self.quest = quest }
}

final class ExposedAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [dragon(), herald(), courier()] }

    func dragon() -> Definition<DragonQuest> {
        define { Definition(DragonQuest.init).exposed(as: (any Quest).self).scope(.lazySingleton) }
    }
    func herald() -> Definition<Herald> { define { Definition(Herald.init(quest:), .byType()) } }
    func courier() -> Definition<Courier> { define { Definition(Courier.init).exposed(as: Rider.self) } }
}

@Suite("Definitions exposed under more types")
struct ExposedTypeTests {
    @Test func aDefinitionIsFoundByItsDeclaredTypeAndByEachTypeItExposes() throws {
        let factory = try BlockComponentFactory(assemblies: [ExposedAssembly()])
        let dragon = try factory.resolve(DragonQuest.self)
        #expect(try factory.resolve((any Quest).self) === dragon)
        #expect(try factory.resolve(ExposedAssembly.herald).quest === dragon)
        #expect(try factory.resolve(Rider.self) is Courier)
        #expect(try factory.allComponents(of: (any Quest).self).map(ObjectIdentifier.init) == [ObjectIdentifier(dragon)])
    }

    @Test func validationAndTheGraphSeeTheExposedType() throws {
        let factory = try BlockComponentFactory(assemblies: [ExposedAssembly()])
        #expect(factory.validate().findings(.error).isEmpty)
        let edge = try #require(factory.graph().edges.first { $0.from == "ExposedAssembly.herald()" })
        #expect(edge.to == "ExposedAssembly.dragon()")
        #expect(edge.kind == .byType)
    }

    @Test func lookupStaysExactForTypesADefinitionDoesNotName() throws {
        let factory = try BlockComponentFactory(assemblies: [ExposedAssembly()])
        #expect(!factory.contains(HolyGrailQuest.self))
        #expect(throws: ResolutionError.self) { try factory.resolve(Courier?.self) }
    }

    @Test func aClassExposedAsAClassItDoesNotInheritFromFailsActivation() throws {
        final class WrongAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [courier()] }
            func courier() -> Definition<Courier> { define { Definition(Courier.init).exposed(as: Lantern.self) } }
        }
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [WrongAssembly()]) }
        #expect(error.problems.map(\.kind) == [.invalidExposedType])
        #expect(error.problems[0].message.hasSuffix(
            "is exposed as Lantern, but it declares Courier, which is not a subclass of it. Expose it only as its superclasses or the protocols it conforms to."))
    }

    @Test func aComponentThatDoesNotConformFailsWhenResolvedUnderTheProtocol() throws {
        final class LooseAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [lantern()] }
            func lantern() -> Definition<Lantern> { define { Definition(Lantern.init).exposed(as: (any Quest).self) } }
        }
        let factory = try BlockComponentFactory(assemblies: [LooseAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve((any Quest).self) }
        #expect(error.kind == .typeMismatch)
        #expect(error.description.hasPrefix("Cannot resolve LooseAssembly.lantern() as any Quest: it builds Lantern, not any Quest."))
    }
}
