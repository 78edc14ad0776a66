import Monsoon
import Testing

/// A component with no injections, resolved through the factory from inside another component's
/// initializer: it must join the graph being built rather than be built on its own.
final class Pebble {}

final class PebblePair {
    let first: Pebble
    let second: Pebble
    init(first: Pebble, second: Pebble) {
        self.first = first
        self.second = second
    }
}

final class PebbleAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [pebble(), pair()] }

    func pebble() -> Definition<Pebble> { define { Definition(Pebble.init) } }

    func pair() -> Definition<PebblePair> {
        define {
            Definition(resolving: { resolver in
                let factory = try resolver.factory.get()
                return PebblePair(first: try resolver.resolve(PebbleAssembly.pebble), second: try factory.resolve(PebbleAssembly.pebble))
            })
        }
    }
}

@Suite struct DetachedBuildTests {
    @Test func aComponentWithoutInjectionsResolvedDuringAResolutionJoinsItsGraph() throws {
        let factory = try BlockComponentFactory(assemblies: [PebbleAssembly()])
        let pair = try factory.resolve(PebbleAssembly.pair)
        #expect(pair.first === pair.second, "objectGraph: one instance within the resolution, even through the factory")
        let alone = try factory.resolve(PebbleAssembly.pebble)
        #expect(alone !== pair.first, "a top-level resolution is a new graph")
    }
}
