import Monsoon
import Testing

/// A stable that makes horses on demand through the factory injected into its property.
final class FactoryInjectedStable: @unchecked Sendable {
    var factory: FactoryReference?
    var events: [String] = []
    func newHorse() throws -> Horse? { try factory?.get().resolve(StableYardAssembly.horse) }
}

/// The same, handed the factory by its initializer.
final class FactoryInitializedStable: Sendable {
    let factory: FactoryReference
    init(factory: FactoryReference) { self.factory = factory }
    func newHorse() throws -> Horse { try factory.get().resolve(StableYardAssembly.horse) }
}

final class StableYardAssembly: Assembly {
    let log = BuildLog()
    override var definitions: [any ComponentDefinition] { [stable(), initializedStable(), horse()] }
    func stable() -> Definition<FactoryInjectedStable> {
        define {
            Definition(FactoryInjectedStable.init)
                .inject(\.factory, .factory())
                .afterInjections { $0.events.append($0.factory == nil ? "after injections, no factory" : "after injections, factory") }
        }
    }
    func initializedStable() -> Definition<FactoryInitializedStable> {
        define { Definition(FactoryInitializedStable.init(factory:), .factory()) }
    }
    func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Binky"), .value(log)).scope(.prototype) } }
}

@Suite("Components injected with their factory")
struct FactoryInjectionTests {
    @Test func aComponentInjectedWithItsFactoryHasItBeforeItsHooksAndBuildsLater() throws {
        let factory = try BlockComponentFactory(assemblies: [StableYardAssembly()])
        let stable = try factory.resolve(StableYardAssembly.stable)
        #expect(stable.events == ["after injections, factory"])
        #expect(try stable.newHorse()?.name == "Binky")
        #expect(try stable.factory?.get() === factory)
        let initialized = try factory.resolve(StableYardAssembly.initializedStable)
        #expect(try initialized.newHorse().name == "Binky")
        #expect(try initialized.factory.get() === factory)
    }

    @Test func theInjectedFactoryIsHeldWeakly() throws {
        var factory: BlockComponentFactory? = try BlockComponentFactory(assemblies: [StableYardAssembly()])
        let stable = try #require(factory).resolve(StableYardAssembly.stable)
        let initialized = try #require(factory).resolve(StableYardAssembly.initializedStable)
        weak let released = factory
        factory = nil
        #expect(released == nil, "the components do not keep their factory alive")
        let error = #expect(throws: ResolutionError.self) { try stable.newHorse() }
        #expect(error?.kind == .factoryReleased)
        #expect(error?.description == """
            Cannot resolve the factory: the factory this reference belongs to has been released.
              Keep the factory alive for as long as components that build more components from it.
            """)
        #expect(throws: ResolutionError.self) { try initialized.newHorse() }
    }

    @Test func injectingTheFactoryAddsNoEdgeAndNoClosureToValidation() throws {
        let factory = try BlockComponentFactory(assemblies: [StableYardAssembly()])
        let stables: Set = ["StableYardAssembly.stable()", "StableYardAssembly.initializedStable()"]
        #expect(factory.graph().edges.filter { stables.contains($0.from) }.isEmpty)
        // A handle on the factory resolves nothing when injected: validation has nothing hidden to report.
        let report = factory.validate()
        #expect(!report.findings.contains { $0.kind == .opaqueDefinition && stables.contains($0.subject) })
        #expect(report.findings(.error).isEmpty && report.findings(.warning).isEmpty)
        #expect(factory.definitions.filter { stables.contains($0.key) }.allSatisfy { !$0.hasOpaqueInjections })
    }
}
