import Foundation
import Monsoon
import MonsoonTesting
import Testing
@testable import Harbor

/// A fake database for tests: replaces the core assembly's through a subclass.
nonisolated final class InMemoryCoreAssembly: CoreAssembly {
    override func database() -> Definition<TideDatabase> {
        define { Definition(TideDatabase.open(path:), .value(":memory:")).scope(.singleton) }
    }
}

/// Swift Testing, in a module whose default isolation is the main actor: each test gets its own factory
/// from the app's manifest, which is also its default factory.
@Suite(.monsoonFactory(manifest: HarborApp.manifestURL!, replacing: { [InMemoryCoreAssembly()] }))
struct HarborTests {
    @Test func theGraphIsValid() throws {
        expectValidGraph(try TestFactory.require())
    }

    @Test func aMainActorViewModelIsBuiltWithItsServicesAndLoaded() async throws {
        let factory = try TestFactory.require()
        try await factory.start()
        let model = try await factory.resolve(PresentationAssembly.harbor(named:), "Porto")
        #expect(model.text == "Porto: high water 3.0 m")
        #expect(model.service.database.path == ":memory:")
    }

    @Test func thePropertyCyclesClose() async throws {
        let factory = try TestFactory.require()
        let session = try await factory.resolve(ServiceAssembly.session)
        #expect(session.authenticator?.session === session)
        let coordinator = try await factory.resolve(PresentationAssembly.coordinator)
        #expect(coordinator.root?.coordinator === coordinator)
        #expect(coordinator.started)
    }

    @Test func configurationReachesMainActorProperties() async throws {
        let factory = try TestFactory.require()
        #expect(try await factory.resolve(PresentationAssembly.formatter).units == "metric")
        #expect(try await factory.resolve(PresentationAssembly.settings).title == "Settings")
    }

    @Test func aSynchronousResolutionOfTheAsyncPathIsATypedError() throws {
        let factory = try TestFactory.require()
        expectResolutionError(.asyncRequired) { try factory.resolve(PresentationAssembly.cache) }
    }

    @Test func theTestsFactoryIsTheDefaultOne() throws {
        #expect(try BlockComponentFactory.requireDefault() === TestFactory.require())
    }
}
