import Foundation
import Monsoon
import MonsoonTesting
import Testing
@testable import Harbor

// No fake assembly: the app declares its test doubles beside its definitions (the recorded tides, an
// in-memory database) and marks the network live-only.

/// What the tests change in the app's configuration.
enum TestSettings {
    static let overrides = #"{"harbor": {"retries": 0}}"#
}

/// Swift Testing, in a module whose default isolation is the main actor: each test gets its own factory
/// from the app's manifest (a main-actor static), with the declared test doubles in place and the tests'
/// configuration (which may throw) over the app's, validated at activation. The factory is made on the
/// main actor, so the eager main-actor logger is built as it is in the app.
@Suite(.monsoonFactory(manifest: try #require(HarborApp.manifestURL),
                       configuration: try Configuration(json: Data(TestSettings.overrides.utf8), name: "tests.json")))
struct HarborTests {
    @Test func theGraphIsValid() throws {
        expectValidGraph(try TestFactory.require())
    }

    @Test func aScreenIsBuiltWithTheDoublesAndLoaded() async throws {
        let factory = try TestFactory.require()
        try await factory.start()
        let model = try await factory.resolve(PresentationAssembly.harbor(named:), "Porto")
        #expect(model.text == "Porto: loading")
        try await model.load()
        #expect(model.text == "Porto: high water 4.2 m")
        #expect((model.tides as? RecordedTides)?.asked == ["Porto"])
        #expect(model.store.report(for: "Porto")?.highWater == 4.25)
        #expect((model.store as? DatabaseReportStore)?.database.path == ":memory:")
    }

    @Test func aRuntimeArgumentReachesAnAsyncInitializer() async throws {
        let factory = try TestFactory.require()
        let report = try await factory.resolve(ServiceAssembly.report(harbor:), "Faro")
        #expect(report.harbor == "Faro" && report.highWater == 4.25)
    }

    @Test func thePropertyCyclesClose() async throws {
        let factory = try TestFactory.require()
        let session = try await factory.resolve(ServiceAssembly.session)
        #expect(session.authenticator?.session === session)
        let coordinator = try await factory.resolve(PresentationAssembly.coordinator)
        #expect(coordinator.root?.coordinator === coordinator)
        #expect(coordinator.started)
    }

    @Test func signingOutResetsTheRequestsScope() async throws {
        let factory = try TestFactory.require()
        let counter = try await factory.resolve(ServiceAssembly.counter)
        #expect(try await factory.resolve(ServiceAssembly.counter) === counter)
        try factory.reset(.requests)
        #expect(try await factory.resolve(ServiceAssembly.counter) !== counter)
    }

    @Test func aCrewSessionClosesAtSignOut() async throws {
        let factory = try TestFactory.require()
        var session: BlockComponentFactory? = try factory.child(CrewAssembly(skipper: "Ines"))
        let log = try await #require(session).resolve(CrewAssembly.watchLog)
        #expect(log.skipper == "Ines")
        #expect(try await session?.resolve(CrewAssembly.watchLog) === log)
        let note = try log.handover()
        #expect(note.requests == 0)
        try await session?.close()
        #expect(log.isClosed)
        await #expect(throws: ResolutionError.self) { try await session?.resolve(CrewAssembly.watchLog) }
        // Signed out and dropped: the log's handover note, built before, is still the one it built.
        session = nil
        #expect(try log.handover() === note)
    }

    @Test func theLoggerIsAnEagerMainActorSingleton() throws {
        let factory = try TestFactory.require()
        let logger = try factory.resolve(CoreAssembly.logger)
        #expect(try factory.resolve(CoreAssembly.logger) === logger)
        #expect(factory.activationReport.singletons.contains { $0.key == "CoreAssembly.logger()" })
    }

    @Test func theSettingsSectionIsOneComponent() async throws {
        let factory = try TestFactory.require()
        let settings = try await factory.resolve(CoreAssembly.settings)
        // The retries are the tests' configuration's; the rest the app's harbor.json.
        #expect(settings == HarborSettings(apiURL: URL(string: "https://tides.example/api")!, retries: 0, units: "metric"))
        #expect(try await factory.resolve(PresentationAssembly.settingsScreen).settings == settings)
        #expect(try await factory.resolve(PresentationAssembly.formatter).units == "metric")
    }

    @Test func theAppRendersWithTheDoubles() async throws {
        let factory = try TestFactory.require()
        try await factory.start()
        let lines = try await HarborApp.render(harbor: "Lisbon", with: factory).components(separatedBy: "\n")
        #expect(lines.first == "Lisbon: high water 4.2 m")
        #expect(lines.last == "log: opened :memory:; coordinator started")
    }

    @Test func aSynchronousResolutionOfAnAsyncServiceIsATypedError() throws {
        let factory = try TestFactory.require()
        expectResolutionError(.asyncRequired) { try factory.resolve(ServiceAssembly.reportStore) }
    }

    @Test func theReportSaysWhatEachResolutionNeeds() throws {
        let factory = try TestFactory.require()
        let report = factory.activationReport
        #expect(report.resolutionNeeds["PresentationAssembly.settingsScreen()"] == .mainActor)
        // The report store awaits the database (the test double, opened on the main actor).
        #expect(report.resolutionNeeds["ServiceAssembly.reportStore()"] == [.mainActor, .await])
        // TideDecoder's implicit init() is nonisolated (its one property has a nonisolated default): built anywhere.
        #expect(factory.definitions.contains { $0.key == "CoreAssembly.decoder()" })
        #expect(report.resolutionNeeds["CoreAssembly.decoder()"] == nil)
    }

    @Test func theTestsFactoryIsTheDefaultOne() throws {
        #expect(try BlockComponentFactory.requireDefault() === TestFactory.require())
    }

    /// The whole app renders, and the network, live-only with no double, is never built: a test that
    /// reached it would get this error instead.
    @Test func theNetworkIsNeverBuiltInATest() async throws {
        let factory = try TestFactory.require()
        try await factory.start()
        _ = try await HarborApp.render(harbor: "Lisbon", with: factory)
        await expectResolutionError(.liveOnly, containing: "CoreAssembly.httpClient(): it is live-only") {
            try await factory.resolve(CoreAssembly.httpClient)
        }
    }

    /// One test replaces a declared double for itself; tests running beside it keep the declared one.
    @Test func oneTestReplacesTheTidesForItself() async throws {
        let factory = try TestFactory.require()
        let calm = CalmTides()
        _ = try factory.installDouble(ServiceAssembly.tideService) { calm }
        let report = try await factory.resolve(ServiceAssembly.report(harbor:), "Faro")
        #expect(report.highWater == 0.5 && calm.asked == 1)
    }
}

/// Still water, for one test.
final class CalmTides: TideProvider {
    private(set) var asked = 0
    func tides(at harbor: String) async throws -> [Double] {
        asked += 1
        return [0.5]
    }
}

/// The app's own factory, without doubles: it validates in a test exactly as the app activates it, and
/// renders from the live (bundled) network.
@Suite struct HarborManifestTests {
    @Test func theAppsAssembliesValidateAndRunLive() async throws {
        let app = try BlockComponentFactory(manifest: try #require(HarborApp.manifestURL))
        #expect(app.validate().findings(.error).isEmpty)
        try await app.start()
        #expect(try await HarborApp.render(harbor: "Lisbon", with: app).hasPrefix("Lisbon: high water 3.0 m"))
    }
}
