import Monsoon
import Testing

@Suite("Optional lookups")
struct ResolutionPresenceTests {
    @Test func containsAnswersForTypesAndKeys() throws {
        let factory = try BlockComponentFactory(assemblies: [StablesAssembly(log: BuildLog())])
        #expect(factory.contains(Stables.self))
        #expect(!factory.contains(Horse.self))
        #expect(!factory.contains(Squire.self), "two definitions declare Squire: resolving it by type would fail")
        #expect(factory.contains(key: "StablesAssembly.squire()"))
        #expect(!factory.contains(key: "StablesAssembly.horse()"))
    }

    @Test func resolveIfPresentIsNilOnlyWhenNothingDeclaresTheType() throws {
        let factory = try BlockComponentFactory(assemblies: [StablesAssembly(log: BuildLog())])
        #expect(try factory.resolveIfPresent(Horse.self) == nil)
        #expect(try factory.resolveIfPresent(Stables.self) != nil)
        let ambiguous = try #require(throws: ResolutionError.self) { try factory.resolveIfPresent(Squire.self) }
        #expect(ambiguous.kind == .ambiguousType)
    }

    @Test func aResolverLooksUpOptionallyToo() throws {
        final class Tack { let horse: Horse?; init(horse: Horse?) { self.horse = horse } }
        final class TackAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [tack()] }
            func tack() -> Definition<Tack> { define { Definition { resolver in Tack(horse: try resolver.resolveIfPresent(Horse.self)) } } }
        }
        let factory = try BlockComponentFactory(assemblies: [TackAssembly()])
        #expect(try factory.resolve(TackAssembly.tack).horse == nil)
    }
}
