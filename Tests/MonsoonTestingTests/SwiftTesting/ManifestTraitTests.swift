import Foundation
import Monsoon
import MonsoonTesting
import Testing

/// An assembly a manifest can name, whose greeting comes from configuration.
final class GreetingTestAssembly: Assembly, ManifestLoadable {
    final class Greeter: Sendable {
        let greeting: String
        init(greeting: String) { self.greeting = greeting }
    }
    override var definitions: [any ComponentDefinition] { [greeter()] }
    func greeter() -> Definition<Greeter> { define { Definition(Greeter.init(greeting:), .config("greeting")) } }
}

final class ShoutingTestAssembly: WeatherAssembly {
    override func weather() -> Definition<any Weather> { define { Definition { FakeWeather() as any Weather } } }
}

/// The app's manifest and configuration, written once for these tests.
enum AppManifest {
    static let url: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("monsoon-testing-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(#"{"greeting": "Hello", "farewell": "Goodbye"}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
        let manifest = #"""
            {"version": 1, "assemblies": ["MonsoonTestingTests.GreetingTestAssembly", "MonsoonTestingTests.WeatherAssembly"],
             "config": ["app.json"],
             "environments": {"sunny": {"assemblies": ["MonsoonTestingTests.ShoutingTestAssembly"]}}}
            """#
        let url = folder.appendingPathComponent("manifest.json")
        try? Data(manifest.utf8).write(to: url)
        return url
    }()

    static let overrides = (try? Configuration(json: Data(#"{"greeting": "Hi"}"#.utf8), name: "test.json")) ?? .empty
}

@Suite(.monsoonFactory(manifest: AppManifest.url))
struct ManifestTraitTests {
    @Test func eachTestStartsFromTheAppsManifestAndConfiguration() throws {
        let factory = try TestFactory.require()
        #expect(try factory.resolve(GreetingTestAssembly.greeter).greeting == "Hello")
        #expect(try factory.resolve((any Weather).self).forecast == "rain")
    }

    @Test(.monsoonFactory(manifest: AppManifest.url, environment: "sunny", configuration: AppManifest.overrides))
    func anEnvironmentAndConfigurationOverridesApply() throws {
        let factory = try TestFactory.require()
        #expect(try factory.resolve((any Weather).self).forecast == "sun")
        #expect(try factory.resolve(GreetingTestAssembly.greeter).greeting == "Hi")
        #expect(try factory.configuration.value("farewell", as: String.self) == "Goodbye")
    }

    @Test(.monsoonFactory(manifest: AppManifest.url, replacing: { [FakeWeatherAssembly()] }))
    func replacementsSwapInForTheAssembliesTheySubclass() throws {
        #expect(try TestFactory.require().resolve((any Weather).self).forecast == "sun")
    }

    @Test func anInstalledDoubleIsReturnedForInspection() throws {
        final class CountingWeather: Weather, @unchecked Sendable {
            var reads = 0
            var forecast: String { reads += 1; return "hail" }
        }
        let factory = try TestFactory.require()
        let spy = try factory.installDouble(WeatherAssembly.weather) { CountingWeather() as any Weather }
        #expect(try factory.resolve((any Weather).self).forecast == "hail")
        #expect((spy as? CountingWeather)?.reads == 1)
    }
}
