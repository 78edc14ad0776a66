import Monsoon
import MonsoonTesting
import XCTest

/// Declared doubles from XCTest: `forTesting` builds them, a live-only definition is the typed error,
/// and a test's patch of a double is restored at its teardown.
final class XCTestDeclaredDoublesTests: XCTestCase {
    var factory: BlockComponentFactory!

    override func setUpWithError() throws {
        factory = try BlockComponentFactory.forTesting([ForecastDoublesAssembly()])
    }

    func testTheDeclaredDoublesAreBuiltAndTheLiveOnlyClockIsRefused() {
        let screen = XCTAssertResolves { try factory.resolve(ForecastDoublesAssembly.screen) }
        XCTAssertEqual(screen?.client.name, "recording for Porto")
        XCTAssertResolutionError(.liveOnly, containing: "ForecastDoublesAssembly.alarm() → ForecastDoublesAssembly.clock()") {
            try factory.resolve(ForecastDoublesAssembly.alarm)
        }
    }

    func testAPatchReplacesTheDoubleUntilTheTestEnds() throws {
        try patch(factory, ForecastDoublesAssembly.client) { SampleWeatherClient() as any WeatherClient }
        XCTAssertEqual(try factory.resolve(ForecastDoublesAssembly.screen).client.name, "sample")
    }
}
