// expect: no error (the XCTest forms of Docs/Testing.md and Docs/FirstApp.md, in a test target whose default isolation is the main actor)
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Foundation
import Monsoon
import MonsoonTesting
import XCTest

protocol Weather {
    var forecast: String { get }
}

final class RealWeather: Weather {
    var forecast: String { "rain" }
}

final class FakeWeather: Weather {
    var forecast: String { "sun" }
}

nonisolated class WeatherAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [weather()] }
    func weather() -> Definition<any Weather> { define(.lazySingleton) { Definition(RealWeather.init) } }
}

enum App {
    static var manifestURL: URL? { URL(fileURLWithPath: "/app/manifest.json") }
}

nonisolated final class WeatherXCTests: XCTestCase {
    @MainActor func testTheGraph() throws {
        let factory = try BlockComponentFactory.forTesting([WeatherAssembly()])
        XCTAssertValidGraph(factory)
        XCTAssertResolves { try factory.resolve(WeatherAssembly.weather) }
        XCTAssertResolutionError(.noDefinitionForType) { try factory.resolve(FakeWeather.self) }
        try patch(factory, WeatherAssembly.weather) { @MainActor in FakeWeather() as any Weather }
        XCTAssertEqual(try factory.resolve(WeatherAssembly.weather).forecast, "sun")
    }

    @MainActor func testFromTheManifest() async throws {
        let factory = try BlockComponentFactory.forTesting(manifest: try XCTUnwrap(App.manifestURL), replacing: [WeatherAssembly()])
        await XCTAssertResolves { try await factory.resolve(WeatherAssembly.weather) }
        await XCTAssertResolutionError(.noDefinitionForType) { try await factory.resolve(FakeWeather.self) }
    }
}
