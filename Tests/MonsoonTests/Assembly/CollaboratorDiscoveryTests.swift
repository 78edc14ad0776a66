import Foundation
import Monsoon
import Testing

private final class CoSession: Sendable { let name: String; init(name: String) { self.name = name } }
private final class CoClient: Sendable { let session: CoSession; init(session: CoSession) { self.session = session } }
private final class CoScreen: Sendable { let client: CoClient; init(client: CoClient) { self.client = client } }
private final class CoTracker: Sendable {}

private class CoNetworkAssembly: Assembly {
    // Listed, so that a subclass replacing this assembly registers its own versions of both.
    override var definitions: [any ComponentDefinition] { [session(), client()] }
    func session() -> Definition<CoSession> { define { Definition { CoSession(name: "live") }.scope(.lazySingleton) } }
    func client() -> Definition<CoClient> { define { Definition(CoClient.init(session:), session()) } }
}

private final class CoOfflineNetworkAssembly: CoNetworkAssembly {
    override func session() -> Definition<CoSession> { define { Definition { CoSession(name: "offline") }.scope(.lazySingleton) } }
}

/// Meant to replace CoNetworkAssembly, but related to it by no inheritance.
private final class CoStubNetworkAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [session()] }
    func session() -> Definition<CoSession> { define { Definition { CoSession(name: "stub") } } }
}

private final class CoTrackerAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [tracker()] }
    func tracker() -> Definition<CoTracker> { define { Definition(CoTracker.init) } }
}

/// Holds its collaborator in a stored property, as Typhoon's assemblies do.
private final class CoScreenAssembly: Assembly {
    let network = CoNetworkAssembly()
    override var definitions: [any ComponentDefinition] { [screen()] }
    func screen() -> Definition<CoScreen> { define { Definition(CoScreen.init(client:), network.client()) } }
}

/// Declares its collaborator in the list instead.
private final class CoAnalyticsAssembly: Assembly {
    override var collaborators: [Assembly] { [CoScreenAssembly()] }
    override var definitions: [any ComponentDefinition] { [tracker()] }
    func tracker() -> Definition<CoTracker> { define { Definition(CoTracker.init).scope(.singleton) } }
}

/// Two assemblies that name each other: activation must still end, each activated once.
private final class CoPingAssembly: Assembly {
    override var collaborators: [Assembly] { [CoPongAssembly()] }
    override var definitions: [any ComponentDefinition] { [ping()] }
    func ping() -> Definition<CoTracker> { define { Definition(CoTracker.init) } }
}

private final class CoPongAssembly: Assembly {
    override var collaborators: [Assembly] { [CoPingAssembly()] }
    override var definitions: [any ComponentDefinition] { [pong()] }
    func pong() -> Definition<CoSession> { define { Definition { CoSession(name: "pong") } } }
}

/// Holds its collaborator in an optional of a superclass: found through the subclass below.
private class CoOptionalHolderBase: Assembly {
    let network: CoNetworkAssembly?
    init(network: CoNetworkAssembly?) { self.network = network }
}

private final class CoOptionalHolder: CoOptionalHolderBase {
    let tag = 7
    override var definitions: [any ComponentDefinition] { [tracker()] }
    func tracker() -> Definition<CoTracker> { define { Definition(CoTracker.init) } }
}

/// Holds another assembly weakly and unowned, as a back-reference that breaks a cycle would.
private final class CoBackReferencing: Assembly {
    weak var weakNetwork: CoNetworkAssembly?
    unowned let unownedNetwork: CoNetworkAssembly
    init(network: CoNetworkAssembly) {
        weakNetwork = network
        unownedNetwork = network
    }
}

@Suite struct CollaboratorDiscoveryTests {
    @Test func weakAndUnownedPropertiesAreReadSafelyAndTheirAssembliesActivated() throws {
        let network = CoNetworkAssembly()
        let factory = try BlockComponentFactory(assemblies: [CoBackReferencing(network: network)])
        #expect(factory.activationReport.assemblies.map(\.name) == ["CoBackReferencing", "CoNetworkAssembly"])
        withExtendedLifetime(network) {}
    }

    @Test func anOptionalPropertyOfASuperclassIsFoundWhenItHoldsAnAssembly() throws {
        let holding = try BlockComponentFactory(assemblies: [CoOptionalHolder(network: CoNetworkAssembly())])
        #expect(holding.activationReport.assemblies.map(\.name) == ["CoOptionalHolder", "CoNetworkAssembly"])
        let empty = try BlockComponentFactory(assemblies: [CoOptionalHolder(network: nil)])
        #expect(empty.activationReport.assemblies.map(\.name) == ["CoOptionalHolder"])
    }

    @Test func anAssemblyHeldInAPropertyIsActivatedWithTheAssemblyHoldingIt() throws {
        let factory = try BlockComponentFactory(assemblies: [CoScreenAssembly()])
        #expect(try factory.resolve(CoScreenAssembly.screen).client.session.name == "live")
        #expect(factory.definitions.map(\.key) == ["CoScreenAssembly.screen()", "CoNetworkAssembly.session()", "CoNetworkAssembly.client()"])
    }

    @Test func declaredCollaboratorsAreActivatedTransitively() throws {
        let factory = try BlockComponentFactory(assemblies: [CoAnalyticsAssembly()])
        #expect(try factory.resolve(CoScreenAssembly.screen).client.session.name == "live")
        let rows = factory.activationReport.assemblies
        #expect(rows.map(\.name) == ["CoAnalyticsAssembly", "CoScreenAssembly", "CoNetworkAssembly"])
        #expect(rows.map(\.collaboratorOf) == [nil, "CoAnalyticsAssembly", "CoScreenAssembly"])
        #expect(factory.activationReport.description.contains("  CoNetworkAssembly (collaborator of CoScreenAssembly): 2 definitions"))
    }

    @Test func anAssemblyPassedAtActivationWinsOverTheCollaboratorItReplaces() throws {
        let factory = try BlockComponentFactory(assemblies: [CoScreenAssembly(), CoOfflineNetworkAssembly()])
        #expect(try factory.resolve(CoScreenAssembly.screen).client.session.name == "offline")
        #expect(factory.activationReport.assemblies.map(\.name) == ["CoScreenAssembly", "CoOfflineNetworkAssembly"])
    }

    @Test func collaboratorsNamingEachOtherAreActivatedOnceEach() throws {
        let factory = try BlockComponentFactory(assemblies: [CoPingAssembly()])
        #expect(factory.activationReport.assemblies.map(\.name) == ["CoPingAssembly", "CoPongAssembly"])
        #expect(try factory.resolve(CoPongAssembly.pong).name == "pong")
    }

    @Test func listingACollaboratorExplicitlyIsNotADuplicate() throws {
        let factory = try BlockComponentFactory(assemblies: [CoScreenAssembly(), CoNetworkAssembly()])
        #expect(factory.activationReport.assemblies.map(\.collaboratorOf) == [nil, nil])
    }
}

@Suite struct DerivedFactoryTests {
    @Test func withReplacesAnAssemblyAndSharesNoPools() throws {
        let live = try BlockComponentFactory(assemblies: [CoAnalyticsAssembly()])
        let offline = try live.with(CoOfflineNetworkAssembly())
        #expect(try offline.resolve(CoScreenAssembly.screen).client.session.name == "offline")
        #expect(try live.resolve(CoScreenAssembly.screen).client.session.name == "live")
        #expect(try offline.resolve(CoAnalyticsAssembly.tracker) !== live.resolve(CoAnalyticsAssembly.tracker))
    }

    @Test func withoutLeavesAnAssemblyOutEvenAsACollaborator() throws {
        let factory = try BlockComponentFactory(assemblies: [CoAnalyticsAssembly()])
        let headless = try factory.without(CoScreenAssembly.self)
        #expect(headless.activationReport.assemblies.map(\.name) == ["CoAnalyticsAssembly"])
        #expect(headless.contains(key: "CoAnalyticsAssembly.tracker()"))
        #expect(!headless.definitions.map(\.key).contains("CoScreenAssembly.screen()"))
    }

    @Test func withoutAnAssemblyOthersReferToFailsActivationNamingTheReference() throws {
        let factory = try BlockComponentFactory(assemblies: [CoScreenAssembly()])
        let error = #expect(throws: ActivationError.self) { try factory.without(CoNetworkAssembly.self) }
        #expect(error?.problems.map(\.kind) == [.undeclaredDefinition])
        #expect(error?.description.contains("CoScreenAssembly.screen() references client()") == true)
    }

    @Test func withAnAssemblyThatReplacesNothingAndDuplicatesATypeFailsNamingBothKeys() throws {
        let live = try BlockComponentFactory(assemblies: [CoAnalyticsAssembly()])
        let error = #expect(throws: ActivationError.self) { try live.with(CoStubNetworkAssembly()) }
        #expect(error?.problems.map(\.kind) == [.replacesNothing])
        #expect(error?.problems.first?.message == """
            CoStubNetworkAssembly, given to with(_:), replaces no assembly of this factory (the nearest: CoNetworkAssembly): \
            none is CoStubNetworkAssembly, a superclass or a subclass of it. Added beside them, it makes CoSession ambiguous: \
            CoNetworkAssembly.session() and CoStubNetworkAssembly.session() declare it. To replace an assembly, make \
            CoStubNetworkAssembly its subclass (or its superclass); to keep both, activate a factory with both and resolve them by key.
            """)
    }

    @Test func withAnAssemblyThatReplacesNothingAndDeclaresNewTypesAddsIt() throws {
        let factory = try BlockComponentFactory(assemblies: [CoScreenAssembly()]).with(CoTrackerAssembly())
        #expect(factory.contains(key: "CoTrackerAssembly.tracker()"))
        #expect(factory.contains(key: "CoScreenAssembly.screen()"))
    }

    @Test func withoutATypeTheFactoryNeverActivatedFailsNamingItsAssemblies() throws {
        let factory = try BlockComponentFactory(assemblies: [CoScreenAssembly()])
        let error = #expect(throws: ActivationError.self) { try factory.without(CoTrackerAssembly.self) }
        #expect(error?.problems.map(\.kind) == [.notActivated])
        #expect(error?.description == """
            Cannot activate the factory: without(_:) was given CoTrackerAssembly, but this factory activated no CoTrackerAssembly \
            or subclass of it, so there is nothing to leave out. Its assemblies: CoScreenAssembly, CoNetworkAssembly.
            """)
        let misspelt = #expect(throws: ActivationError.self) { try factory.without(CoScreenAssembly.self, CoStubNetworkAssembly.self) }
        #expect(misspelt?.problems.map(\.subject) == ["CoStubNetworkAssembly"])
        #expect(misspelt?.description.hasSuffix("Its assemblies: CoScreenAssembly, CoNetworkAssembly. Did you mean: CoNetworkAssembly?") == true)
    }

    @Test func derivedFactoriesKeepConfigurationAndLimits() throws {
        let configuration = try Configuration(json: Data(#"{"name": "x"}"#.utf8), name: "app.json")
        let factory = try BlockComponentFactory(assemblies: [CoPingAssembly()], configuration: configuration,
                                                maximumDepth: 5)
        let derived = try factory.with(BookAssembly(lastPage: 10))
        #expect(derived.configuration.files == ["app.json"])
        // Ten pages are deeper than the five the original factory allows.
        let error = try #require(throws: ResolutionError.self) { try derived.resolve(BookAssembly.page, 1) }
        #expect(error.kind == .depthLimitExceeded)
        #expect(try factory.with(BookAssembly(lastPage: 5)).resolve(BookAssembly.page, 1).number == 1)
    }
}

private enum CoWrap<T> {}

/// Each instance brings the same assembly over a new type argument: new types without end.
private final class CoEndless<T>: Assembly {
    override var collaborators: [Assembly] { [CoEndless<CoWrap<T>>()] }
}

@Suite struct EndlessCollaboratorTests {
    @Test func collaboratorsThatMakeNewTypesWithoutEndFailActivationInsteadOfHanging() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [CoEndless<Int>()]) }
        #expect(error?.problems.map(\.kind) == [.tooManyCollaborators])
        #expect(error?.description.hasPrefix(
            "Cannot activate the factory: Collaborating assemblies kept bringing new assembly types past 1000 collaborators, starting with CoEndless<CoWrap<Int>>, CoEndless<CoWrap<CoWrap<Int>>>, CoEndless<CoWrap<CoWrap<CoWrap<Int>>>> (brought by CoEndless<Int>):") == true)
    }
}

/// An assembly holding its collaborator in a `lazy var`, which discovery cannot see into.
final class LazyHolderAssembly: Assembly {
    lazy var beacons = LazyBeaconAssembly()
    override var definitions: [any ComponentDefinition] { [keeper()] }
    func keeper() -> Definition<LazyKeeper> { define { Definition(LazyKeeper.init(beacon:), beacons.beacon()) } }
}

final class LazyBeaconAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [beacon()] }
    func beacon() -> Definition<LazyBeacon> { define { Definition(LazyBeacon.init) } }
}

final class LazyBeacon {}
final class LazyKeeper {
    let beacon: LazyBeacon
    init(beacon: LazyBeacon) { self.beacon = beacon }
}

@Suite struct LazyCollaboratorTests {
    @Test func aCollaboratorInALazyVarIsNamedInTheErrorWithTheFix() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [LazyHolderAssembly()]) }
        #expect(error.problems.map(\.kind) == [.undeclaredDefinition])
        #expect(error.description.contains(
            "LazyHolderAssembly.keeper() references beacon() (MonsoonTests/CollaboratorDiscoveryTests.swift:"))
        #expect(error.description.contains(
            "which no activated assembly lists or reaches: LazyHolderAssembly holds LazyBeaconAssembly in `lazy var beacons`, "
                + "which is set only when first read, so activation cannot find that assembly. "
                + "Declare it `let beacons = LazyBeaconAssembly()`, or return it from `override var collaborators`."))
    }

    @Test func passingTheLazyCollaboratorAtActivationWorks() throws {
        let factory = try BlockComponentFactory(assemblies: [LazyHolderAssembly(), LazyBeaconAssembly()])
        _ = try factory.resolve(LazyHolderAssembly.keeper)
    }
}
