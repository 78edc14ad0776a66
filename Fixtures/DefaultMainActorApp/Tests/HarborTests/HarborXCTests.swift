import Monsoon
import MonsoonTesting
import XCTest
@testable import Harbor

/// XCTest, in the same module: MonsoonTesting's assertions. `nonisolated` because XCTest's `XCTestCase`
/// is nonisolated on Linux (its initializer cannot be overridden by a main-actor subclass), as with any
/// XCTest case in such a module; the tests that touch main-actor state say `@MainActor`.
nonisolated final class HarborXCTests: XCTestCase {
    @MainActor func testTheAppsGraphIsValidAndAnAsyncServiceNeedsAwait() throws {
        let factory = try BlockComponentFactory.forTesting(manifest: try XCTUnwrap(HarborApp.manifestURL))
        XCTAssertValidGraph(factory)
        XCTAssertResolutionError(.asyncRequired) { try factory.resolve(ServiceAssembly.reportStore) }
    }

    @MainActor func testAsyncComponentsResolveWithAwait() async throws {
        let factory = try BlockComponentFactory.forTesting(manifest: try XCTUnwrap(HarborApp.manifestURL))
        let settings = await XCTAssertResolves { try await factory.resolve(PresentationAssembly.settingsScreen) }
        XCTAssertEqual(settings?.title, "Settings")
        let tides = await XCTAssertResolves { try await factory.resolve(ServiceAssembly.tideService) }
        XCTAssertTrue(tides is RecordedTides)
    }

    func testTheAppRuns() async throws {
        let output = try await HarborApp.run(harbor: "Lisbon")
        XCTAssertEqual(output.components(separatedBy: "\n").first, "Lisbon: high water 3.0 m")
    }
}
