import Foundation
import Monsoon
import MonsoonLifecycle
import MonsoonRouter
import Testing
@testable import Harbor

/// MonsoonLifecycle from a default-MainActor module: the module host starts the app's module, whose
/// routes then reach a parameterized definition built on an unlisted one.
@Suite struct HarborModuleTests {
    @Test func theModuleHostStartsTheModulesAndTheirRoutesWork() async throws {
        let host = try ModuleHost(manifest: try #require(HarborApp.modulesManifestURL))
        try host.start()
        try await host.factory.start()
        let link = try await host.factory.resolve(Router.self).open("harbor://links/Faro")
        #expect((link as? HarborLink)?.path == "/api/tides/Faro")
        try host.tearDown()
    }
}
