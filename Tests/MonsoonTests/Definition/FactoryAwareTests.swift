import Monsoon
import Testing

/// A stable that makes horses on demand through the factory it was handed.
final class FactoryAwareStable: FactoryAware, @unchecked Sendable {
    private(set) var factory: FactoryReference?
    var events: [String] = []
    func setFactory(_ factory: FactoryReference) {
        self.factory = factory
        events.append("factory")
    }
    func newHorse() throws -> Horse? { try factory?.get().resolve(key: "StableYardAssembly.horse()", as: Horse.self) }
}

final class StableYardAssembly: Assembly {
    let log = BuildLog()
    override var definitions: [any ComponentDefinition] { [stable(), horse()] }
    func stable() -> Definition<FactoryAwareStable> {
        define { Definition(FactoryAwareStable.init).afterInjections { $0.events.append("after injections") } }
    }
    func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Binky"), .value(log)).scope(.prototype) } }
}

@Suite("Factory-aware components")
struct FactoryAwareTests {
    @Test func aComponentDeclaringFactoryAwareIsHandedItsFactoryBeforeItsHooks() throws {
        let factory = try BlockComponentFactory(assemblies: [StableYardAssembly()])
        let stable = try factory.resolve(StableYardAssembly.stable)
        #expect(stable.events == ["factory", "after injections"])
        #expect(try stable.newHorse()?.name == "Binky")
        #expect(try stable.factory?.get() === factory)
    }

    @Test func handingOverTheFactoryAddsNoEdgeAndNoClosureToValidation() throws {
        let factory = try BlockComponentFactory(assemblies: [StableYardAssembly()])
        #expect(factory.graph().edges.filter { $0.from == "StableYardAssembly.stable()" }.isEmpty)
        #expect(!factory.validate().findings.contains { $0.kind == .opaqueDefinition && $0.subject == "StableYardAssembly.stable()" })
    }
}
