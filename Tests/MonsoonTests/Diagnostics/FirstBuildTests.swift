import Monsoon
import Testing

/// Mistakes of a first build that compile, and the message each gets.
@Suite struct FirstBuildTests {
    @Test func aMethodWithParametersWrittenWithPlainDefineSaysToUseDefineArguments() throws {
        let factory = try BlockComponentFactory(assemblies: [SquireAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(SquireAssembly.squire(named:), "Tom") }
        #expect(error.kind == .parametersWithoutArguments)
        #expect(error.description == """
            Cannot resolve SquireAssembly.squire(named:): it was called with 1 runtime argument, but its define does not list them, \
            so every argument value would share one pool entry.
              Pass the method's parameters to define: define(arguments: name) { … }.
            """)
    }

    @Test func aMethodWithoutDefineGetsOneErrorAndNoKnockOn() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [HalfDefinedAssembly()]) }
        // Only the method without define: knight() refers to it, and saying it is not listed would be false.
        #expect(error.problems.map(\.kind) == [.definitionOutsideDefine])
        #expect(error.problems.map(\.subject) == ["HalfDefinedAssembly.squire()"])
    }

    @Test func aMethodWithParametersAndPlainDefineIsRefusedAtActivationWhereverItIsUsed() throws {
        // Referenced from another definition: two values would have shared one definition, silently.
        let referred = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ReferringSquireAssembly()]) }
        #expect(referred.problems.map(\.subject) == ["ReferringSquireAssembly.squire(named:)"])
        #expect(referred.problems.map(\.kind) == [.parametersWithoutArguments])
        #expect(referred.description == """
            Cannot activate the factory: ReferringSquireAssembly.squire(named:) (MonsoonTests/FirstBuildTests.swift:\(ReferringSquireAssembly.line)) \
            has parameters, but its define does not receive them, so every call would make the same definition whatever the values. \
            Pass them to define: define(arguments: …) { … } makes a parameterized definition, resolved with its arguments: \
            factory.resolve(ReferringSquireAssembly.squire(named:), …).
            """)
        // Listed.
        let listed = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ListingSquireAssembly()]) }
        #expect(listed.problems.map(\.subject) == ["ListingSquireAssembly.squire(named:)"])
        #expect(listed.problems.map(\.kind) == [.parametersWithoutArguments])
    }

    @Test func aListedParameterizedDefinitionHasItsOwnKind() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ListedParameterizedAssembly()]) }
        #expect(error.problems.map(\.kind) == [.listedParameterized])
        #expect(error.problems.first?.message.hasSuffix("""
            is a parameterized definition; it cannot be listed in definitions because it is built for runtime arguments. \
            Resolve it with its arguments, and list the method in parameterizedDefinitions to resolve it by key.
            """) == true)
    }
}

final class FirstSquire {
    let name: String
    init(name: String) { self.name = name }
}

final class SquireAssembly: Assembly {
    func squire(named name: String) -> Definition<FirstSquire> { define { Definition(FirstSquire.init(name:), .value(name)) } }
}

final class FirstKnight {
    let squire: FirstSquire
    init(squire: FirstSquire) { self.squire = squire }
}

final class ListedParameterizedAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [squire(named: "Tom")] }
    func squire(named name: String) -> Definition<FirstSquire> { define(arguments: name) { Definition(FirstSquire.init(name:), .value(name)) } }
}

final class HalfDefinedAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [knight(), squire()] }
    func knight() -> Definition<FirstKnight> { define { Definition(FirstKnight.init(squire:), squire()) } }
    func squire() -> Definition<FirstSquire> { Definition(FirstSquire.init(name:), .value("Tom")) }
}

final class ReferringSquireAssembly: Assembly {
    static let line = #line + 3
    override var definitions: [any ComponentDefinition] { [knight()] }
    func knight() -> Definition<FirstKnight> { define { Definition(FirstKnight.init(squire:), squire(named: "Tom")) } }
    func squire(named name: String) -> Definition<FirstSquire> { define { Definition(FirstSquire.init(name:), .value(name)) } }
}

final class ListingSquireAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [squire(named: "Tom")] }
    func squire(named name: String) -> Definition<FirstSquire> { define { Definition(FirstSquire.init(name:), .value(name)) } }
}
