import Monsoon
import Testing

// Scopes used wrongly are refused with a typed error, never in silence (issue 47).

private final class Shelf: Sendable {}
private struct PriceTag: Sendable {
    let amount: Int
}

extension Scope {
    fileprivate static let misuseShelves = Scope("misuseShelves")
    fileprivate static let misuseRacks = Scope("misuseRacks")
    fileprivate static let misuseTags = Scope("misuseTags", holding: .weakly)
    fileprivate static let misuseEager = Scope("misuseEager", eager: true)
}

private final class ShelvesAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [shelf()] }
    func shelf() -> Definition<Shelf> { define(.misuseShelves) { Definition(Shelf.init) } }
}

/// The same name with another holding, as a second module might declare it.
private final class WeakShelvesAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [backroom()] }
    func backroom() -> Definition<Shelf> { define(Scope("misuseShelves", holding: .weakly)) { Definition(Shelf.init) } }
}

private final class Rack: Sendable {
    let next: Provider<Shelf>
    init(next: Provider<Shelf>) { self.next = next }
}

/// Racks by number, pooled per number in a scope only they are in; the holder refers to one.
private final class RackAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [holder()] }
    func holder() -> Definition<Rack> { define { [self] in Definition(Rack.init(next:), .provider(rack(number: 0))) } }
    func rack(number: Int) -> Definition<Shelf> { define(arguments: number) { Definition(Shelf.init).scope(.misuseRacks) } }
}

private final class TagsAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [tag()] }
    func tag() -> Definition<PriceTag> { define { Definition { PriceTag(amount: 3) }.scope(.misuseTags) } }
}

private final class LabelsAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [] }
    func label(for amount: Int) -> Definition<Shelf> { define(arguments: amount) { Definition(Shelf.init).scope(.misuseEager) } }
}

private final class KnightsAssembly: Assembly {
    final class Knight: Sendable {}
    override var definitions: [any ComponentDefinition] { [knight()] }
    func knight() -> Definition<Knight> { define(.lazySingleton) { Definition(Knight.init) } }
}

@Suite struct ScopeMisuseTests {
    /// Before: both activated, `reset(.misuseShelves)` reset one of them, and the report showed two
    /// "misuseShelves" that could not be told apart.
    @Test func twoScopesOfOneNameAreRefusedAtActivation() throws {
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [ShelvesAssembly(), WeakShelvesAssembly()])
        }
        #expect(error.problems.map(\.kind) == [.conflictingScopes])
        #expect(error.description == """
            Cannot activate the factory: Two scopes are named misuseShelves: ShelvesAssembly.shelf() is in Scope("misuseShelves") and \
            WeakShelvesAssembly.backroom() in Scope("misuseShelves", holding: .weakly). The report, the graph and reset(_:) know a scope \
            by its name, so they could not tell them apart. Declare the scope once, as a static constant (static let misuseShelves = \
            Scope("misuseShelves")), and use it in both; or give the other scope a name of its own.
            """)
    }

    /// Before: a misspelt scope, or one no definition uses, reset nothing in silence.
    @Test func resettingAScopeNoDefinitionIsInIsATypedErrorNamingThePooledScopes() throws {
        let factory = try BlockComponentFactory(assemblies: [ShelvesAssembly()])
        let shelf = try factory.resolve(ShelvesAssembly.shelf)
        let error = try #require(throws: ScopeResetError.self) { try factory.reset(Scope("misuseshelves")) }
        #expect(error.kind == .unknownScope)
        #expect(error.description == """
            Cannot reset misuseshelves: no definition of this factory is in that scope, so there is nothing to reset.
              The scopes of your own it pools, nearest first: misuseShelves. Reset the scope its definitions are declared in \
            (define(.misuseShelves) { … }); a scope is known by its name, and one that only definitions with runtime arguments are in, \
            once another definition refers to one of them or one is resolved.
            """)
        #expect(try factory.resolve(ShelvesAssembly.shelf) === shelf)
        try factory.reset(.misuseShelves)
        #expect(try factory.resolve(ShelvesAssembly.shelf) !== shelf)
    }

    @Test func resettingAScopeInAFactoryWithNoScopeOfItsOwnSaysSo() throws {
        let factory = try BlockComponentFactory(assemblies: [KnightsAssembly()])
        let error = try #require(throws: ScopeResetError.self) { try factory.reset(.misuseShelves) }
        #expect(error.description == """
            Cannot reset misuseShelves: no definition of this factory is in that scope, so there is nothing to reset.
              This factory pools no scope of your own. Reset the scope its definitions are declared in (define(.myScope) { … }); a scope \
            is known by its name, and one that only definitions with runtime arguments are in, once another definition refers to one \
            of them or one is resolved.
            """)
    }

    /// A scope is its name: a reset with another holding reaches it; one that only a parameterized
    /// definition is in, referred to by another, is known before anything is resolved.
    @Test func aResetReachesTheScopeByNameAndKnowsTheScopesOfParameterizedDefinitions() throws {
        let factory = try BlockComponentFactory(assemblies: [ShelvesAssembly(), RackAssembly()])
        let shelf = try factory.resolve(ShelvesAssembly.shelf)
        try factory.reset(Scope("misuseShelves", holding: .weakly))
        #expect(try factory.resolve(ShelvesAssembly.shelf) !== shelf)
        try factory.reset(.misuseRacks)
        let rack = try factory.resolve(RackAssembly.rack(number:), 1)
        #expect(try factory.resolve(RackAssembly.rack(number:), 1) === rack)
        try factory.reset(.misuseRacks)
        #expect(try factory.resolve(RackAssembly.rack(number:), 1) !== rack)
    }

    /// The validation's words for an eager scope of one's own with runtime arguments.
    @Test func validationNamesTheEagerScopesDeclarationToo() throws {
        final class EagerRackAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [rackHolder()] }
            func rackHolder() -> Definition<Rack> { define { [self] in Definition(Rack.init(next:), .provider(label(for: 2))) } }
            func label(for amount: Int) -> Definition<Shelf> { define(arguments: amount) { Definition(Shelf.init).scope(.misuseEager) } }
        }
        let factory = try BlockComponentFactory(assemblies: [EagerRackAssembly()])
        let errors = factory.validate().findings(.error).map(\.message)
        #expect(errors == [
            "EagerRackAssembly.label(for: 2) has runtime arguments but is in Scope(\"misuseEager\", eager: true), which builds at activation, "
                + "before any arguments exist. Declare the scope without eager: true, static let misuseEager = Scope(\"misuseEager\"), which still resets."
        ])
    }

    /// Before: `nil`, although Knight is defined.
    @Test func resolveIfPresentOfAnOptionalFindsTheWrappedDefinition() throws {
        let factory = try BlockComponentFactory(assemblies: [KnightsAssembly()])
        let knight = try factory.resolve(KnightsAssembly.knight)
        let found: KnightsAssembly.Knight?? = try factory.resolveIfPresent(KnightsAssembly.Knight?.self)
        #expect(found.flatMap { $0 } === knight)
        #expect(try factory.resolveIfPresent(Shelf?.self) == nil)
    }

    /// Before: "Use .lazySingleton", which loses the reset; the fix is the scope's own declaration.
    @Test func aValueInAnOwnScopeHoldingWeaklyNamesTheScopesDeclaration() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [TagsAssembly()]) }
        #expect(error.problems.map(\.kind) == [.weakSingletonOfValueType])
        let message = try #require(error.problems.first?.message)
        #expect(message.hasPrefix("TagsAssembly.tag() (MonsoonTests/ScopeMisuseTests.swift:"))
        #expect(message.hasSuffix("""
            ) is in Scope("misuseTags", holding: .weakly), which holds weakly, and builds PriceTag, a value type, which nothing can hold \
            weakly. Declare the scope without holding: .weakly, static let misuseTags = Scope("misuseTags"), which still resets.
            """))
    }

    @Test func runtimeArgumentsInAnEagerOwnScopeNameTheScopesDeclaration() throws {
        let factory = try BlockComponentFactory(assemblies: [LabelsAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(LabelsAssembly.label(for:), 4) }
        #expect(error.kind == .singletonWithArguments)
        #expect(error.description == """
            Cannot resolve LabelsAssembly.label(for: 4): a definition with runtime arguments cannot be in Scope("misuseEager", eager: true), \
            which builds at activation, before any arguments exist.
              Declare the scope without eager: true, static let misuseEager = Scope("misuseEager"), which still resets.
            """)
    }
}
