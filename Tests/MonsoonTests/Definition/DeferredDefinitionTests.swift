import Foundation
import Monsoon
import Testing

/// `define(_:_:)`: activation registers the definition without running its body; the factory runs it
/// when the definition is first needed, checks it as activation checks evaluated ones, and keeps every
/// scope's guarantees.
@Suite struct DeferredDefinitionTests {
    let log = BuildLog()

    @Test func activationRunsNoBodyAndEachBodyRunsOncePerFactory() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        #expect(log.count("body harbor()") == 0)
        #expect(log.count("body crane()") == 0)
        #expect(factory.keys == ["PortAssembly.harbor()", "PortAssembly.crane()", "PortAssembly.beacon()", "PortAssembly.ledger()",
                                 "PortAssembly.tug()", "PortAssembly.keeper()", "PortAssembly.radio()"])

        let first = try factory.resolve(PortAssembly.harbor)
        let second = try factory.resolve(PortAssembly.harbor)
        #expect(first !== second)  // objectGraph: one per resolution
        #expect(first.crane === second.crane)  // lazySingleton
        #expect(log.count("body harbor()") == 1)
        #expect(log.count("body crane()") == 1)
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

    @Test func aDefinitionReachedOnlyThroughAnotherIsRegisteredWhenThatOneIsFirstUsed() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        // dock() is not listed: before harbor() is evaluated, nothing knows it.
        #expect(throws: ResolutionError.self) { try factory.resolve(PortAssembly.dock) }
        let harbor = try factory.resolve(PortAssembly.harbor)
        #expect(harbor.dock.crane === harbor.crane)
        #expect(try factory.resolve(PortAssembly.dock).crane === harbor.crane)
    }

    @Test func aReferenceNoAssemblyListsFailsAtFirstUseWithActivationsMessage() throws {
        let factory = try BlockComponentFactory(assemblies: [BrokenHarborAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(BrokenHarborAssembly.pier) }
        #expect(error.kind == .invalidDefinition)
        #expect(error.description.hasPrefix(
            "Cannot resolve BrokenHarborAssembly.pier(): its definition is invalid. BrokenHarborAssembly.pier() references lighthouse() "
                + "(MonsoonTests/DeferredDefinitionTests.swift:"))
        #expect(error.description.contains(
            "which no activated assembly lists or reaches. List lighthouse() in BeaconAssembly's `override var definitions`, and activate BeaconAssembly if it is not."))
        #expect(error.description.contains("factory.validate()"))
    }

    @Test func validationFindsAtStartUpWhatFirstUseWouldThrow() throws {
        let factory = try BlockComponentFactory(assemblies: [BrokenHarborAssembly()])
        let errors = factory.validate().findings(.error)
        #expect(errors.map(\.subject).sorted() == ["BrokenHarborAssembly.customs()", "BrokenHarborAssembly.pier()"])
        #expect(errors.contains { $0.message.contains("references lighthouse()") })
        #expect(errors.contains { $0.message.contains("sets its scope to prototype, not lazySingleton") })

        // And a factory that validates at activation refuses the graph before building anything.
        let refused = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [BrokenHarborAssembly()], validating: true)
        }
        #expect(refused.problems.count == 2)
    }

    @Test func aParameterizedDefinitionReachesAnUnlistedDeferredOne() throws {
        let factory = try BlockComponentFactory(assemblies: [PortAssembly(log: log)])
        let berth = try factory.resolve(PortAssembly.berth(number:), 7)
        #expect(berth.number == 7)
        #expect(berth.dock.crane === (try factory.resolve(PortAssembly.crane)))
    }

    @Test func aBodyThatSetsAnotherScopeIsReported() throws {
        let factory = try BlockComponentFactory(assemblies: [BrokenHarborAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(BrokenHarborAssembly.customs) }
        #expect(error.kind == .invalidDefinition)
        #expect(error.description.contains(
            "BrokenHarborAssembly.customs() (MonsoonTests/DeferredDefinitionTests.swift:"))
        #expect(error.description.contains(
            "sets its scope to prototype, not lazySingleton, which activation must know without running the body of define(_:_:). "
                + "Give the scope once, in define(.lazySingleton) { … }."))
    }

    @Test func anEagerSingletonsBodyIsEvaluatedAndCheckedAtActivation() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [EagerBrokenAssembly()]) }
        #expect(error.problems.map(\.kind) == [.singletonFailed])
        #expect(error.description.contains("EagerBrokenAssembly.customs() (MonsoonTests/DeferredDefinitionTests.swift:"))
        #expect(error.description.contains("sets its scope to prototype, not singleton"))
    }

    @Test func aMissingConfigurationKeyIsReportedAtFirstUse() throws {
        let factory = try BlockComponentFactory(assemblies: [PortTideAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(PortTideAssembly.tide) }
        #expect(error.kind == .invalidDefinition)
        #expect(error.description.contains("PortTideAssembly.tide() injects configuration"))
        #expect(error.description.contains("tide.height"))
        let configuration = try Configuration(json: Data(#"{"tide": {"height": 4}}"#.utf8), name: "tide.json")
        let configured = try BlockComponentFactory(assemblies: [PortTideAssembly()], configuration: configuration)
        #expect(try configured.resolve(PortTideAssembly.tide).height == 4)
    }

    @Test func definitionPostProcessorsSeeDeferredDefinitionsAtActivation() throws {
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

/// An eager singleton whose body sets another scope: activation builds it, and so reports it.
final class EagerBrokenAssembly: Assembly {
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

/// castle() is listed and reaches moat(), which is not; banner() is exposed as a flag inside its deferred body.
final class KeepAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [castle()] }
    func castle() -> Definition<KeepCastle> { define(.lazySingleton) { [self] in Definition(KeepCastle.init).inject(\.moat, moat()) } }
    func moat() -> Definition<KeepMoat> { define(.objectGraph) { Definition(KeepMoat.init) } }
}

/// Injects the moat by type, which lookups by type never find (moat() is unlisted and deferred).
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
    /// Lookups by key and type see what activation registered, whatever was resolved before: an unlisted
    /// deferred definition is never found by them, and the failure names it and where to list it.
    @Test func anUnlistedDeferredDefinitionIsNeverFoundByKeyOrTypeAndTheMessageNamesIt() throws {
        let factory = try BlockComponentFactory(assemblies: [KeepAssembly()])
        for _ in 0..<2 {  // before castle() is first used, and after
            let byKey = try #require(throws: ResolutionError.self) { try factory.resolve(key: "KeepAssembly.moat()", as: KeepMoat.self) }
            #expect(byKey.kind == .unknownKey)
            #expect(byKey.description == """
                Cannot resolve key "KeepAssembly.moat()": KeepAssembly.moat() is declared with define(scope) { … } and no assembly \
                lists it, so it is reached only through the definitions that refer to it, never by key or type.
                  List moat() in KeepAssembly's `override var definitions` to resolve it by key.
                """)
            let byType = try #require(throws: ResolutionError.self) { try factory.resolve(KeepMoat.self) }
            #expect(byType.kind == .noDefinitionForType)
            #expect(byType.description == """
                Cannot resolve KeepMoat: no definition declares this type.
                  KeepAssembly.moat() declares KeepMoat but no assembly \
                lists it, so it is reached only through the definitions that refer to it. List moat() in KeepAssembly's \
                definitions to look it up by type.
                """)
            #expect(try factory.resolve(KeepAssembly.castle).moat != nil)
        }
    }

    @Test func validationNamesTheUnlistedDeferredDefinitionABytypeInjectionMisses() throws {
        let factory = try BlockComponentFactory(assemblies: [MoatByTypeAssembly()])
        let messages = factory.validate().findings(.error).map(\.message)
        #expect(messages == [
            "MoatByTypeAssembly.keep() (\\KeepCastle.moat) injects KeepMoat by type, but no definition declares it. MoatByTypeAssembly.moat() "
                + "declares KeepMoat but no assembly lists it, so it is reached only through the definitions that refer to it. List moat() "
                + "in MoatByTypeAssembly's definitions to look it up by type."
        ])
    }

    @Test func aTypeExposedInsideADeferredBodyIsNamedWhenTheLookupFails() throws {
        let factory = try BlockComponentFactory(assemblies: [BannerAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve((any KeepFlag).self) }
        #expect(error.kind == .noDefinitionForType)
        #expect(error.description == """
            Cannot resolve any KeepFlag: no definition declares this type.
              BannerAssembly.banner() is exposed(as: any KeepFlag.self) \
            inside its define(.lazySingleton) { … } body, which activation cannot see. Write it as define { … }, which activation \
            evaluates.
            """)
    }
}

final class NestedKeepAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [keep()] }
    func keep() -> Definition<KeepMoat> { define(.lazySingleton) { [self] in define { Definition(KeepMoat.init) } } }
}

extension DeferredDefinitionTests {
    @Test func aDefineNestedInADeferredBodyIsNamedAsSuchNotAsAnUnlistedReference() throws {
        let factory = try BlockComponentFactory(assemblies: [NestedKeepAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(NestedKeepAssembly.keep) }
        #expect(error.kind == .invalidDefinition)
        #expect(error.description.hasPrefix("Cannot resolve NestedKeepAssembly.keep(): its definition is invalid. NestedKeepAssembly.keep() "
            + "calls define again inside its define(.lazySingleton) { … } body (MonsoonTests/DeferredDefinitionTests.swift:"))
        #expect(error.description.contains("), so the body returns a reference to a second definition of the same method instead of a "
            + "definition. Return Definition(…) from the body directly: define(.lazySingleton) { Definition(…) }."))
        #expect(!error.description.contains("no activated assembly lists"))
    }
}
