// expect: no error (every trait and test form of Docs/Testing.md and Docs/FirstApp.md, in a test target whose default isolation is the main actor)
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Foundation
import Monsoon
import MonsoonTesting
import Testing

// The app's code, as such a module declares it: main-actor types, nothing annotated but the assemblies.
protocol Weather {
    var forecast: String { get }
}

final class RealWeather: Weather {
    var forecast: String { "rain" }
}

final class FakeWeather: Weather {
    var forecast: String { "sun" }
}

final class CountingWeather: Weather {
    private(set) var reads = 0
    var forecast: String {
        reads += 1
        return "fog"
    }
}

final class Picnic {
    let weather: any Weather
    init(weather: any Weather) { self.weather = weather }
}

/// An eager singleton of a main-actor class, as app code declares a logger.
final class Logbook {}

struct PicnicSettings: Decodable {
    var greeting: String
}

final class Invitation {
    let settings: PicnicSettings
    init(settings: PicnicSettings) { self.settings = settings }
}

nonisolated class WeatherAssembly: Assembly, ManifestLoadable {
    required override init() {}
    override var definitions: [any ComponentDefinition] { [weather(), logbook()] }
    func weather() -> Definition<any Weather> { define(.lazySingleton) { Definition(RealWeather.init) } }
    func logbook() -> Definition<Logbook> { define(.singleton) { Definition(Logbook.init) } }
}

nonisolated final class PicnicAssembly: Assembly {
    let weather: WeatherAssembly
    init(weather: WeatherAssembly = WeatherAssembly()) { self.weather = weather }
    override var definitions: [any ComponentDefinition] { [picnic(), invitation()] }
    func picnic() -> Definition<Picnic> { define { Definition(Picnic.init(weather:), weather.weather()) } }
    func invitation() -> Definition<Invitation> { define { Definition(Invitation.init(settings:), .config("picnic")) } }
}

enum App {
    static var manifestURL: URL? { URL(fileURLWithPath: "/app/manifest.json") }
    static let testSettings = #"{"picnic": {"greeting": "Hi"}}"#
}

// The tests, as written there.
nonisolated final class FakeWeatherAssembly: WeatherAssembly {
    override func weather() -> Definition<any Weather> { define { Definition(FakeWeather.init) } }
}

nonisolated final class ClosureFakeWeatherAssembly: WeatherAssembly {
    override func weather() -> Definition<any Weather> { define { Definition { @MainActor in FakeWeather() as any Weather } } }
}

@Suite(.monsoonFactory { [WeatherAssembly(), PicnicAssembly()] })
struct PicnicTests {
    @Test func itRains() throws {
        let factory = try TestFactory.require()
        #expect(try factory.resolve(PicnicAssembly.picnic).weather.forecast == "rain")
    }

    @Test func patchesAndDoubles() throws {
        let factory = try TestFactory.require()
        try factory.withPatch(WeatherAssembly.weather, { @MainActor in FakeWeather() as any Weather }) { () throws in
            #expect(try factory.resolve(PicnicAssembly.picnic).weather.forecast == "sun")
        }
        let patch = try factory.patch(WeatherAssembly.weather, with: FakeWeather.init)
        defer { patch.restore() }
        let spy = try factory.installDouble(WeatherAssembly.weather) { CountingWeather() as any Weather }
        _ = try factory.resolve(PicnicAssembly.picnic)
        #expect((spy as? CountingWeather)?.reads == 0)
    }

    @Test func assertions() async throws {
        let factory = try TestFactory.require()
        expectValidGraph(factory)
        _ = expectResolves { try factory.resolve(PicnicAssembly.picnic) }
        expectResolutionError(.noDefinitionForType) { try factory.resolve(Picnic?.self) }
        _ = await expectResolves { try await factory.resolve(PicnicAssembly.picnic) }
        await expectResolutionError(.noDefinitionForType) { try await factory.resolve(Picnic?.self) }
        #expect(try BlockComponentFactory.requireDefault() === factory)
    }
}

@Suite(.monsoonFactory({ [WeatherAssembly(), PicnicAssembly()] }, replacing: { [FakeWeatherAssembly()] }))
struct SunnyPicnicTests {}

@Suite(.monsoonFactory(manifest: try #require(App.manifestURL), environment: "offline",
                       replacing: { [FakeWeatherAssembly(), ClosureFakeWeatherAssembly()] },
                       configuration: try Configuration(json: Data(App.testSettings.utf8), name: "test.json")))
struct OfflineTests {
    @Test(.monsoonFactory(manifest: try #require(App.manifestURL))) func perTest() throws {
        _ = try TestFactory.require().resolve(PicnicAssembly.invitation).settings.greeting
    }
}

func withoutTheTrait() throws {
    _ = try BlockComponentFactory.forTesting([WeatherAssembly(), PicnicAssembly()], replacing: [FakeWeatherAssembly()])
    _ = try BlockComponentFactory.forTesting(manifest: try #require(App.manifestURL), environment: "offline",
                                             replacing: [FakeWeatherAssembly()])
}
