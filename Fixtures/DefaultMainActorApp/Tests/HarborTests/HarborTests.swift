import Foundation
import Monsoon
import MonsoonTesting
import Testing
@testable import Harbor

// Fakes as Docs/Testing.md writes them: a subclass of the app's assembly overriding what it replaces.
// Only the assemblies are annotated.

/// Tides without a network: a main-actor class behind the app's protocol.
final class FakeTides: TideProvider {
    private(set) var asked: [String] = []
    func tides(at harbor: String) async throws -> [Double] {
        asked.append(harbor)
        return [1.5, 4.25]
    }
}

/// Replaces the tide service with a fake, by initializer reference.
nonisolated final class OfflineServiceAssembly: ServiceAssembly {
    override func tideService() -> Definition<any TideProvider> { define(.lazySingleton) { Definition(FakeTides.init) } }
}

/// Replaces the database's path and the logger, this one with a closure fake (which says `@MainActor`:
/// it builds a main-actor class).
nonisolated final class InMemoryCoreAssembly: CoreAssembly {
    override func database() -> Definition<TideDatabase> {
        define(.singleton) { Definition(TideDatabase.init(path:logger:), .value(":memory:"), logger()) }
    }

    override func logger() -> Definition<any Logger> { define(.singleton) { Definition { @MainActor in MemoryLogger() as any Logger } } }
}

/// What the tests change in the app's configuration.
enum TestSettings {
    static let overrides = #"{"harbor": {"retries": 0}}"#
}

/// Swift Testing, in a module whose default isolation is the main actor: each test gets its own factory
/// from the app's manifest (a main-actor static), with the fakes in place and the tests' configuration
/// (which may throw) over the app's, validated at activation. The factory is made on the main actor, so
/// the eager main-actor logger is built as it is in the app.
@Suite(.monsoonFactory(manifest: try #require(HarborApp.manifestURL), replacing: { [OfflineServiceAssembly(), InMemoryCoreAssembly()] },
                       configuration: try Configuration(json: Data(TestSettings.overrides.utf8), name: "tests.json")))
struct HarborTests {
    @Test func theGraphIsValid() throws {
        expectValidGraph(try TestFactory.require())
    }

    @Test func aScreenIsBuiltWithTheFakesAndLoaded() async throws {
        let factory = try TestFactory.require()
        try await factory.start()
        let model = try await factory.resolve(PresentationAssembly.harbor(named:), "Porto")
        #expect(model.text == "Porto: loading")
        try await model.load()
        #expect(model.text == "Porto: high water 4.2 m")
        #expect((model.tides as? FakeTides)?.asked == ["Porto"])
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
        #expect(factory.activationReport.singletons.contains { $0.key == "InMemoryCoreAssembly.logger()" })
    }

    @Test func theSettingsSectionIsOneComponent() async throws {
        let factory = try TestFactory.require()
        let settings = try await factory.resolve(CoreAssembly.settings)
        // The retries are the tests' configuration's; the rest the app's harbor.json.
        #expect(settings == HarborSettings(apiURL: URL(string: "https://tides.example/api")!, retries: 0, units: "metric"))
        #expect(try await factory.resolve(PresentationAssembly.settingsScreen).settings == settings)
        #expect(try await factory.resolve(PresentationAssembly.formatter).units == "metric")
    }

    @Test func theAppRendersWithTheFakes() async throws {
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
        // Keys name the replacing assemblies; the report store awaits the database, opened on the main actor.
        #expect(report.resolutionNeeds["OfflineServiceAssembly.reportStore()"] == [.mainActor, .await])
        // TideDecoder's implicit init() is nonisolated (its one property has a nonisolated default): built anywhere.
        #expect(factory.definitions.contains { $0.key == "InMemoryCoreAssembly.decoder()" })
        #expect(report.resolutionNeeds["InMemoryCoreAssembly.decoder()"] == nil)
    }

    @Test func theTestsFactoryIsTheDefaultOne() throws {
        #expect(try BlockComponentFactory.requireDefault() === TestFactory.require())
    }
}

/// The app's own manifest, without fakes: it validates in a test exactly as the app activates it, the
/// unlisted endpoints included.
@Suite struct HarborManifestTests {
    @Test func theAppsAssembliesValidateAsTheyRun() async throws {
        let manifest = try #require(HarborApp.manifestURL)
        let app = try BlockComponentFactory(manifest: manifest)
        #expect(app.validate().findings(.error).isEmpty)
        let tests = try BlockComponentFactory.forTesting(manifest: manifest)
        try await tests.start()
        #expect(try await HarborApp.render(harbor: "Lisbon", with: tests).hasPrefix("Lisbon: high water 3.0 m"))
    }
}
