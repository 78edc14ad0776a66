import Monsoon
import MonsoonTesting
import XCTest
@testable import Harbor

/// XCTest, in the same module: MonsoonTesting's assertions. `nonisolated` because XCTest's `XCTestCase`
/// is nonisolated on Linux (its initializer cannot be overridden by a main-actor subclass), as with any
/// XCTest case in such a module.
nonisolated final class HarborXCTests: XCTestCase {
    @MainActor func testTheAppsGraphIsValidAndItsSettingsResolve() throws {
        let factory = try BlockComponentFactory.forTesting(manifest: try XCTUnwrap(HarborApp.manifestURL))
        XCTAssertValidGraph(factory)
        XCTAssertResolutionError(.asyncRequired) { try factory.resolve(PresentationAssembly.cache) }
    }

    @MainActor func testAsyncComponentsResolveWithAwait() async throws {
        let factory = try BlockComponentFactory.forTesting(manifest: try XCTUnwrap(HarborApp.manifestURL))
        let settings = await XCTAssertResolves { try await factory.resolve(PresentationAssembly.settings) }
        XCTAssertEqual(settings?.title, "Settings")
        await XCTAssertResolves { try await factory.resolve(PresentationAssembly.cache) }
    }

    func testTheAppRuns() async throws {
        let output = try await HarborApp.run(harbor: "Lisbon")
        XCTAssertEqual(output.components(separatedBy: "\n").first, "Lisbon: high water 3.0 m")
    }
}
