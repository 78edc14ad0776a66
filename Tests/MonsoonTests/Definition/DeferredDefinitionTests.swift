import Foundation
import Monsoon
import Testing

/// `define(_:_:)`, the scope given up front: activation runs the body, as it runs `define { }`'s, checks
/// what it makes and registers what it reaches; every scope keeps its guarantees.
@Suite struct DeferredDefinitionTests {
    let log = BuildLog()

    @Test func activationRunsTheBodiesAndResolutionsRunNone() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        #expect(log.count("body harbor()") == 1)
        // Listed, and evaluated again where harbor()'s body reaches it, to register what it reaches.
        #expect(log.count("body crane()") == 2)
        #expect(factory.definitions.map(\.key) == ["PortAssembly.harbor()", "PortAssembly.crane()", "PortAssembly.beacon()", "PortAssembly.ledger()",
                                 "PortAssembly.tug()", "PortAssembly.keeper()", "PortAssembly.radio()", "PortAssembly.dock()",
                                 "PortAssembly.boat()", "PortAssembly.lighthouse()"])

        let first = try factory.resolve(PortAssembly.harbor)
        let second = try factory.resolve(PortAssembly.harbor)
        #expect(first !== second)  // objectGraph: one per resolution
        #expect(first.crane === second.crane)  // lazySingleton
        #expect(log.count("body harbor()") == 1)
        #expect(log.count("body crane()") == 2)
        #expect(log.count("init PortCrane") == 1)

        // Another factory from the same assembly evaluates the bodies again, for itself.
        _ = try BlockComponentFactory(assemblies: [PortAssembly(log: log)]).resolve(PortAssembly.harbor)
        #expect(log.count("body harbor()") == 2)
    }

    @Test func anEagerSingletonIsBuiltAtActivationAndEveryScopeKeepsItsPooling() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        #expect(log.count("init PortBeacon") == 1)
        #expect(try factory.resolve(PortAssembly.beacon) === factory.resolve(PortBeacon.self))
        #expect(log.count("init PortBeacon") == 1)
        #expect(try factory.resolve(PortAssembly.ledger) !== factory.resolve(PortAssembly.ledger))  // prototype
        #expect(log.count("init PortLedger") == 2)
    }

    @Test func aDefinitionReachedOnlyThroughAnotherIsRegisteredAtActivation() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        // dock() is not listed: harbor()'s body reaches it.
        let dock = try factory.resolve(PortAssembly.dock)
        let harbor = try factory.resolve(PortAssembly.harbor)
        #expect(harbor.dock.crane === harbor.crane)
        #expect(dock.crane === harbor.crane)
    }

    @Test func everyProblemOfTheBodiesIsReportedAtActivationAtOnce() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [BrokenHarborAssembly()]) }
        #expect(error.problems.map(\.subject) == ["BrokenHarborAssembly.customs()", "BrokenHarborAssembly.pier()"])
        #expect(error.problems.map(\.kind) == [.conflictingScopes, .undeclaredDefinition])
        #expect(error.description.contains(
            "BrokenHarborAssembly.pier() references lighthouse() (MonsoonTests/DeferredDefinitionTests.swift:"))
        #expect(error.description.contains(
            "which no activated assembly lists or reaches. List lighthouse() in BeaconAssembly's `override var definitions`, and activate BeaconAssembly if it is not."))
    }

    @Test func aParameterizedDefinitionReachesAnUnlistedDeferredOne() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        let berth = try factory.resolve(PortAssembly.berth(number:), 7)
        #expect(berth.number == 7)
        #expect(berth.dock.crane === (try factory.resolve(PortAssembly.crane)))
    }

    @Test func aBodyThatSetsAnotherScopeIsReported() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [EagerBrokenAssembly()]) }
        #expect(error.problems.map(\.kind) == [.conflictingScopes])
        #expect(error.description == """
            Cannot activate the factory: EagerBrokenAssembly.customs() (MonsoonTests/DeferredDefinitionTests.swift:\(EagerBrokenAssembly.line)) \
            is given two scopes: singleton by define(.singleton) and prototype by its body. Give the scope once: define(.singleton) { … } \
            without .scope(…) in the body.
            """)
    }

    @Test func aBodyWithTwoScopesThatIsListedAndReachedIsReportedOnce() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [TwoScopesReachedAssembly()]) }
        #expect(error.problems.map(\.kind) == [.conflictingScopes])
        #expect(error.problems.map(\.subject) == ["TwoScopesReachedAssembly.ledger()"])
    }

    @Test func aMissingConfigurationKeyIsReportedAtActivation() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [PortTideAssembly()]) }
        #expect(error.description.contains("PortTideAssembly.tide() injects configuration"))
        #expect(error.description.contains("tide.height"))
        let configuration = try Configuration(json: Data(#"{"tide": {"height": 4}}"#.utf8), name: "tide.json")
        let configured = try BlockComponentFactory(assemblies: [PortTideAssembly()], configuration: configuration)
        #expect(try configured.resolve(PortTideAssembly.tide).height == 4)
    }

    @Test func definitionPostProcessorsSeeEveryDefinitionAtActivation() throws {
        let seen = Locked<[String]>([])
        let recorder = RecordingProcessor(seen: seen)
        _ = try BlockComponentFactory(assemblies: [PortAssembly(log: log)], definitionPostProcessors: [recorder])
        #expect(seen.current.contains("PortAssembly.harbor()"))
        #expect(seen.current.contains("PortAssembly.dock()"))
        #expect(log.count("body harbor()") == 1)
    }

    @Test func aDeferredChildInheritsFromADeferredParent() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        let tug = try factory.resolve(PortAssembly.tug)
        #expect(tug.name == "tug")
        #expect(tug.crane === (try factory.resolve(PortAssembly.crane)))
    }

    @Test func propertyCyclesOfSharedDeferredComponentsCloseOnOneInstanceEach() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        let keeper = try factory.resolve(PortAssembly.keeper)
        #expect(keeper.lighthouse?.keeper === keeper)
        #expect(log.count("init PortKeeper") == 1)
    }

    @Test func manyThreadsResolvingADeferredGraphFirstGetOneSharedInstance() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        let cranes = Locked<[ObjectIdentifier]>([])
        let finished = onThreads(Array(repeating: {
            if let harbor = try? factory.resolve(PortAssembly.harbor) { cranes.withLock { $0.append(ObjectIdentifier(harbor.crane)) } }
        }, count: 8))
        #expect(finished)
        #expect(cranes.current.count == 8)
        #expect(Set(cranes.current).count == 1)
        #expect(log.count("body harbor()") == 1)
    }

    @Test func anAsyncDeferredComponentIsAwaitedAndRefusedSynchronously() async throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(PortAssembly.radio) }
        #expect(error.kind == .asyncRequired)
        let radio = try await factory.resolve(PortAssembly.radio)
        #expect(radio.channel == 16)
    }

    @Test func theReportAndTheGraphShowDeferredDefinitionsEvaluated() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        let graph = factory.graph()
        #expect(graph.edges.contains { $0.from == "PortAssembly.harbor()" && $0.to == "PortAssembly.dock()" })
        #expect(factory.activationReport.description.contains("PortAssembly.crane()"))
    }
}

// MARK: - Fixtures

final class PortCrane: Sendable {
    init(log: BuildLog) { log.record("init PortCrane") }
}

final class PortDock: Sendable {
    let crane: PortCrane
    init(crane: PortCrane) { self.crane = crane }
}

final class PortHarbor: Sendable {
    let crane: PortCrane
    let dock: PortDock
    init(crane: PortCrane, dock: PortDock) {
        self.crane = crane
        self.dock = dock
    }
}

final class PortBerth: Sendable {
    let number: Int
    let dock: PortDock
    init(number: Int, dock: PortDock) {
        self.number = number
        self.dock = dock
    }
}

final class PortBeacon: Sendable {
    init(log: BuildLog) { log.record("init PortBeacon") }
}

final class PortLedger: Sendable {
    init(log: BuildLog) { log.record("init PortLedger") }
}

class PortBoat {
    var name = ""
    var crane: PortCrane?
    init() {}
}

final class PortTug: PortBoat {}

final class PortKeeper {
    var lighthouse: PortLighthouse?
    init(log: BuildLog) { log.record("init PortKeeper") }
}

final class PortLighthouse {
    var keeper: PortKeeper?
    init() {}
}

final class PortRadio: Sendable {
    let channel: Int
    init() async { channel = 16 }
}

final class PortAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] { [harbor(), crane(), beacon(), ledger(), tug(), keeper(), radio()] }

    func harbor() -> Definition<PortHarbor> {
        define(.objectGraph) { [self] in
            log.record("body harbor()")
            return Definition(PortHarbor.init(crane:dock:), crane(), dock())
        }
    }
    func crane() -> Definition<PortCrane> {
        define(.lazySingleton) { [self] in
            log.record("body crane()")
            return Definition(PortCrane.init(log:), .value(log))
        }
    }
    func dock() -> Definition<PortDock> { define(.objectGraph) { [self] in Definition(PortDock.init(crane:), crane()) } }
    func beacon() -> Definition<PortBeacon> { define(.singleton) { [self] in Definition(PortBeacon.init(log:), .value(log)) } }
    func ledger() -> Definition<PortLedger> { define(.prototype) { [self] in Definition(PortLedger.init(log:), .value(log)) } }
    func boat() -> Definition<PortBoat> { define(.objectGraph) { [self] in Definition(PortBoat.init).inject(\.crane, crane()) } }
    func tug() -> Definition<PortTug> {
        define(.objectGraph) { [self] in Definition(PortTug.init).parent(boat()).inject(\.name, "tug") }
    }
    func keeper() -> Definition<PortKeeper> {
        define(.lazySingleton) { [self] in Definition(PortKeeper.init(log:), .value(log)).inject(\.lighthouse, lighthouse()) }
    }
    func lighthouse() -> Definition<PortLighthouse> {
        define(.lazySingleton) { [self] in Definition(PortLighthouse.init).inject(\.keeper, keeper()) }
    }
    func radio() -> Definition<PortRadio> { define(.lazySingleton) { Definition(PortRadio.init) } }
    func berth(number: Int) -> Definition<PortBerth> {
        define(arguments: number) { [self] in Definition(PortBerth.init(number:dock:), .value(number), dock()) }
    }
}

/// An assembly no factory activates, whose definition `pier()` refers to.
final class BeaconAssembly: Assembly {
    func lighthouse() -> Definition<PortLighthouse> { define { Definition(PortLighthouse.init) } }
}

final class BrokenHarborAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [pier(), customs()] }

    func pier() -> Definition<PortKeeper> {
        define(.objectGraph) { Definition(PortKeeper.init(log:), .value(BuildLog())).inject(\.lighthouse, BeaconAssembly().lighthouse()) }
    }
    func customs() -> Definition<PortLedger> {
        define(.lazySingleton) { Definition(PortLedger.init(log:), .value(BuildLog())).scope(.prototype) }
    }
}

struct PortTide: Sendable {
    let height: Int
}

final class PortTideAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [tide()] }
    func tide() -> Definition<PortTide> { define(.objectGraph) { Definition(PortTide.init(height:), .config("tide.height")) } }
}

struct RecordingProcessor: DefinitionPostProcessor {
    let seen: Locked<[String]>
    func process(_ definition: inout RegisteredDefinition) throws {
        seen.withLock { $0.append(definition.key) }
    }
}

/// ledger() sets a second scope, and is listed after a body that reaches it.
final class TwoScopesReachedAssembly: Assembly {
    final class Desk: Sendable { init(ledger: PortLedger) {} }
    override var definitions: [any ComponentDefinition] { [desk(), ledger()] }
    func desk() -> Definition<Desk> { define(.objectGraph) { Definition(Desk.init(ledger:), ledger()) } }
    func ledger() -> Definition<PortLedger> {
        define(.singleton) { Definition(PortLedger.init(log:), .value(BuildLog())).scope(.prototype) }
    }
}

/// A body that sets another scope than `define`'s.
final class EagerBrokenAssembly: Assembly {
    static let line = #line + 3
    override var definitions: [any ComponentDefinition] { [customs()] }
    func customs() -> Definition<PortLedger> {
        define(.singleton) { Definition(PortLedger.init(log:), .value(BuildLog())).scope(.prototype) }
    }
}

final class KeepMoat {}
final class KeepCastle {
    var moat: KeepMoat?
    init() {}
}
protocol KeepFlag: AnyObject {}
final class KeepBanner: KeepFlag {}

/// castle() is listed and reaches moat(), which is not.
final class KeepAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [castle()] }
    func castle() -> Definition<KeepCastle> { define(.lazySingleton) { [self] in Definition(KeepCastle.init).inject(\.moat, moat()) } }
    func moat() -> Definition<KeepMoat> { define(.objectGraph) { Definition(KeepMoat.init) } }
}

/// Injects the moat by type; moat() is unlisted, reached by castle()'s body.
final class MoatByTypeAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [castle(), keep()] }
    func castle() -> Definition<KeepCastle> { define(.lazySingleton) { [self] in Definition(KeepCastle.init).inject(\.moat, moat()) } }
    func moat() -> Definition<KeepMoat> { define(.objectGraph) { Definition(KeepMoat.init) } }
    func keep() -> Definition<KeepCastle> { define { Definition(KeepCastle.init).inject(\.moat, .byType(KeepMoat.self)) } }
}

final class BannerAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [banner()] }
    func banner() -> Definition<KeepBanner> { define(.lazySingleton) { Definition(KeepBanner.init).exposed(as: (any KeepFlag).self) } }
}

extension DeferredDefinitionTests {
    /// What a listed body reaches is registered at activation, so lookups by key and type find it
    /// whatever was resolved before.
    @Test func anUnlistedDefinitionABodyReachesIsFoundByKeyAndType() throws {
        let factory = try BlockComponentFactory(assemblies: [KeepAssembly()])
        _ = try factory.resolve(key: "KeepAssembly.moat()", as: KeepMoat.self)
        _ = try factory.resolve(KeepMoat.self)
        #expect(try factory.resolve(KeepAssembly.castle).moat != nil)
    }

    @Test func aByTypeInjectionFindsAnUnlistedDefinitionABodyReaches() throws {
        let factory = try BlockComponentFactory(assemblies: [MoatByTypeAssembly()])
        #expect(factory.validate().findings(.error).isEmpty)
        #expect(try factory.resolve(MoatByTypeAssembly.keep).moat != nil)
    }

    @Test func aTypeExposedInsideTheBodyIsFoundByThatType() throws {
        let factory = try BlockComponentFactory(assemblies: [BannerAssembly()])
        let flag = try factory.resolve((any KeepFlag).self)
        #expect(flag === (try factory.resolve(BannerAssembly.banner)))
    }
}

final class NestedKeepAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [keep()] }
    func keep() -> Definition<KeepMoat> { define(.lazySingleton) { [self] in define { Definition(KeepMoat.init) } } }
}

extension DeferredDefinitionTests {
    @Test func aDefineNestedInTheBodyIsNamedAsSuchNotAsAnUnlistedReference() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [NestedKeepAssembly()]) }
        #expect(error.problems.map(\.kind) == [.undeclaredDefinition])
        #expect(error.description.hasPrefix("Cannot activate the factory: NestedKeepAssembly.keep() "
            + "calls define again inside its define(.lazySingleton) { … } body (MonsoonTests/DeferredDefinitionTests.swift:"))
        #expect(error.description.contains("), so the body returns a reference to a second definition of the same method instead of a "
            + "definition. Return Definition(…) from the body directly: define(.lazySingleton) { Definition(…) }."))
        #expect(!error.description.contains("no activated assembly lists"))
    }
}
