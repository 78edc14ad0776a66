import Dispatch
import Monsoon
import Testing

/// A type no factory builds, receiving its components through `@Injected`.
private final class KnightView {
    @Injected var log: BuildLog?
    static let knightLine = #line + 1
    @Injected(QuestAssembly.knight) var knight: Knight?
    @Injected(QuestAssembly.horse) var horse: Horse?
    @Injected var dragon: Dragon?
}

private final class Dragon {}

// Part of the serialized suite: the default factory is process-wide.
extension DefaultFactoryTests {
    @Test func injectedPropertiesResolveFromTheDefaultFactoryOnFirstRead() throws {
        let log = BuildLog()
        try BlockComponentFactory(assemblies: [QuestAssembly(log: log)]).makeDefault()
        defer { BlockComponentFactory.clearDefault() }
        let view = KnightView()
        #expect(view.log === log)
        let knight = try #require(view.knight)
        #expect(view.knight === knight)
        #expect(view.horse?.name == "Binky")
        // The horse is a prototype, but a property keeps the component it resolved first.
        #expect(view.horse === view.horse)
    }

    @Test func withoutADefaultFactoryAPropertyIsNilAndItsProjectionSaysWhy() throws {
        BlockComponentFactory.clearDefault()
        let view = KnightView()
        #expect(view.knight == nil)
        guard case .failure(let error) = view.$knight else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .noDefaultFactory)
        #expect(error.description == Self.noDefault(
            reader: "the @Injected Knight? property at MonsoonTests/InjectedPropertyTests.swift:\(KnightView.knightLine)",
            passing: "pass the factory in (@Injected(from: factory))"))
        // Not remembered: once a factory is the default, the same property resolves.
        try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())]).makeDefault()
        defer { BlockComponentFactory.clearDefault() }
        #expect(view.knight != nil)
    }

    @Test func anUnresolvableTypeIsNilWithTheResolutionError() throws {
        try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())]).makeDefault()
        defer { BlockComponentFactory.clearDefault() }
        let view = KnightView()
        #expect(view.dragon == nil)
        guard case .failure(let error) = view.$dragon else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .noDefinitionForType)
        #expect(error.description.hasPrefix("Cannot resolve Dragon: no definition declares this type."))
    }

    @Test func anExplicitFactoryIsUsedInsteadOfTheDefault() throws {
        BlockComponentFactory.clearDefault()
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
        @Injected(from: factory) var injected: BuildLog?
        #expect(injected === log)
    }

    @Test func concurrentFirstReadsAllSeeOneComponent() throws {
        try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())]).makeDefault()
        defer { BlockComponentFactory.clearDefault() }
        let view = KnightView()
        let seen = Locked<Set<ObjectIdentifier>>([])
        nonisolated(unsafe) let shared = view
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let horse = shared.horse { seen.withLock { _ = $0.insert(ObjectIdentifier(horse)) } }
        }
        #expect(seen.withLock { $0.count } == 1)
    }
}

/// Lets a component's initializer reach the holder whose property is resolving it: test-only, one thread.
private final class GadgetProbe: @unchecked Sendable {
    var holder: GadgetHolder?
}

private final class GadgetHolder {
    @Injected var gadget: Gadget?
    init(factory: BlockComponentFactory) { _gadget = Injected(from: factory) }
}

private final class Gadget {
    let innerReadWasNil: Bool
    init(probe: GadgetProbe) { innerReadWasNil = probe.holder?.gadget == nil }
}

private final class GadgetAssembly: Assembly {
    let probe: GadgetProbe
    init(probe: GadgetProbe) { self.probe = probe }
    override var definitions: [any ComponentDefinition] { [gadget()] }
    func gadget() -> Definition<Gadget> { define { Definition(Gadget.init(probe:), .value(probe)) } }
}

@Suite struct InjectedReentrancyTests {
    @Test func aComponentReadingThePropertyThatIsResolvingItGetsATypedErrorNotADeadlock() throws {
        let probe = GadgetProbe()
        let factory = try BlockComponentFactory(assemblies: [GadgetAssembly(probe: probe)])
        let holder = GadgetHolder(factory: factory)
        probe.holder = holder
        let gadget = try #require(holder.gadget)
        // The inner read joined the resolution building the gadget: an initializer cycle, so nil.
        #expect(gadget.innerReadWasNil)
        #expect(holder.gadget === gadget)
    }
}
