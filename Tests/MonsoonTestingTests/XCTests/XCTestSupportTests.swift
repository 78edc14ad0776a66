import Monsoon
import MonsoonTesting
import XCTest

/// MonsoonTesting from XCTest: assertions, patches restored at teardown, replacement assemblies.
final class XCTestSupportTests: XCTestCase {
    var factory: BlockComponentFactory!

    override func setUpWithError() throws {
        factory = try BlockComponentFactory.forTesting([WeatherAssembly(), PicnicAssembly()])
    }

    func testTheGraphIsValidAndComponentsResolve() {
        XCTAssertValidGraph(factory)
        let picnic = XCTAssertResolves { try factory.resolve(PicnicAssembly.picnic) }
        XCTAssertEqual(picnic?.weather.forecast, "rain")
        XCTAssertResolutionError(.noDefinitionForType) { try factory.resolve(String.self) }
    }

    func testAFactoryStartsFromTheAppsManifestWithReplacements() throws {
        let fromManifest = try BlockComponentFactory.forTesting(manifest: AppManifest.url, replacing: [FakeWeatherAssembly()])
        XCTAssertEqual(try fromManifest.resolve((any Weather).self).forecast, "sun")
        XCTAssertEqual(try fromManifest.resolve(GreetingTestAssembly.greeter).greeting, "Hello")
    }

    func testAPatchLastsUntilTheTestEnds() throws {
        try patch(factory, WeatherAssembly.weather) { FakeWeather() as any Weather }
        XCTAssertEqual(try factory.resolve(PicnicAssembly.picnic).weather.forecast, "sun")
    }

    func testPatchesFromOtherTestsDoNotLeak() throws {
        // Runs with a fresh factory from setUp; the patch above was on another factory and is restored anyway.
        XCTAssertEqual(try factory.resolve(PicnicAssembly.picnic).weather.forecast, "rain")
    }

    func testAReplacementAssemblyStandsInForItsSuperclass() throws {
        let replaced = try BlockComponentFactory.forTesting([WeatherAssembly(), PicnicAssembly()], replacing: [FakeWeatherAssembly()])
        XCTAssertEqual(try replaced.resolve(PicnicAssembly.picnic).weather.forecast, "sun")
    }

    func testTheChecksBehindTheAssertionsReportFailures() throws {
        let broken = try BlockComponentFactory.forTesting([BrokenAssembly()], validating: false)
        XCTAssertNotNil(MonsoonCheck.validGraph(broken))
        XCTAssertNotNil(MonsoonCheck.resolves { try broken.resolve(BrokenAssembly.chicken) }.1)
        XCTAssertNil(MonsoonCheck.throwsResolutionError(.initializerCycle) { try broken.resolve(BrokenAssembly.chicken) })
    }
}
