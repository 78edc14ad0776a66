import Monsoon
import Testing

/// A knight and a squire in a property cycle, where only the knight is listed.
final class DiscoveryAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [knight()] }
    func knight() -> Definition<ArgumentKnight> {
        define { Definition(ArgumentKnight.init(name:squire:), .value("Gawain"), squire()).scope(.lazySingleton) }
    }
    func squire() -> Definition<Squire> {
        define { Definition(Squire.init(name:log:), .value("Gingalain"), .value(BuildLog())).inject(\.master, knight()).scope(.lazySingleton) }
    }
}

@Suite("Definitions registered because a listed one reaches them")
struct DiscoveryTests {
    @Test func aCycleReachedFromOneListedDefinitionIsRegisteredWhole() throws {
        let factory = try BlockComponentFactory(assemblies: [DiscoveryAssembly()])
        #expect(factory.definitions.map(\.key) == ["DiscoveryAssembly.knight()", "DiscoveryAssembly.squire()"])
        let knight = try factory.resolve(DiscoveryAssembly.knight)
        #expect(knight.squire.master === knight)
        #expect(try factory.resolve(Squire.self) === knight.squire)
    }

    @Test func discoveryStopsFarFromEveryListedDefinitionAndSaysSo() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [LongChainAssembly(listing: [0])]) }
        #expect(error.problems.map(\.kind) == [.undeclaredDefinition])
        #expect(error.problems[0].subject == "LongChainAssembly.link128()")
        #expect(error.problems[0].message.hasSuffix(
            "which is more than 128 references away from every listed definition, too far to be found. List link129() in LongChainAssembly's `override var definitions`."))
    }

    @Test func listingOneDefinitionFartherAlongRegistersTheWholeChain() throws {
        let factory = try BlockComponentFactory(assemblies: [LongChainAssembly(listing: [0, 100])])
        #expect(factory.definitions.count == 140)
        var link: Link? = try factory.resolve(LongChainAssembly.link0)
        var length = 0
        while let current = link { length += 1; link = current.next }
        #expect(length == 140)
    }
}
