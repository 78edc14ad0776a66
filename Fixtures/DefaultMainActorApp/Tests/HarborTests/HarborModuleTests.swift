import Foundation
import Monsoon
import MonsoonLifecycle
import MonsoonRouter
import Testing
@testable import Harbor

/// MonsoonLifecycle from a default-MainActor module: the module host starts the app's module, whose
/// routes then reach a parameterized definition built on the async database.
@Suite struct HarborModuleTests {
    @Test func theModuleHostStartsTheModulesAndTheirRoutesWork() async throws {
        let host = try ModuleHost(manifest: try #require(HarborApp.modulesManifestURL))
        try host.start()
        try await host.factory.start()
        let report = try await host.factory.resolve(Router.self).open("harbor://reports/Faro")
        #expect((report as? HarborReport)?.harbor == "Faro")
        try host.tearDown()
    }
}
