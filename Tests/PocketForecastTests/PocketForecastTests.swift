import Foundation
import Monsoon
import PocketForecastApp
import Testing

@Suite struct PocketForecastCommandTests {
    @Test func printsTheForecastForLondonByDefault() {
        let outcome = PocketForecastCommand.run(arguments: [])
        #expect(outcome.exitCode == 0)
        #expect(outcome.error.isEmpty)
        #expect(outcome.output == """
            Forecast for London, United Kingdom
              Mon 23 Nov  Light rain       12°C / 7°C  rain 80%
              Tue 24 Nov  Cloudy           11°C / 6°C  rain 40%
              Wed 25 Nov  Sunny intervals  13°C / 5°C  rain 10%
              Thu 26 Nov  Showers          10°C / 6°C  rain 70%
              Fri 27 Nov  Overcast         11°C / 7°C  rain 30%
            """)
    }

    @Test func citiesAreCaseInsensitiveAndTheImperialEnvironmentChangesUnits() {
        let outcome = PocketForecastCommand.run(arguments: ["tokyo", "--environment", "imperial"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output.hasPrefix("Forecast for Tokyo, Japan\n  Mon 23 Nov  Clear          63°F / 50°F  rain 0%"))
    }

    @Test func anUnknownCityExitsNonZeroNamingTheKnownCities() {
        let outcome = PocketForecastCommand.run(arguments: ["Atlantis"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error == "Unknown city \"Atlantis\". Known cities: London, New York, Paris, Reykjavik, Sydney, Tokyo.")
    }

    @Test func aBrokenManifestExitsNonZeroWithTheReason() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
        try Data(#"{"version": 1, "assemblies": ["PocketForecastApp.CoreAsembly"]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = PocketForecastCommand.run(arguments: ["--manifest", url.path])
        #expect(outcome.exitCode == 2)
        #expect(outcome.error.contains("no type is named PocketForecastApp.CoreAsembly."))
    }

    @Test func badArgumentsPrintUsage() {
        let outcome = PocketForecastCommand.run(arguments: ["--verbose"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.error.hasPrefix("Unknown option --verbose.\nusage: pocket-forecast"))
    }

    @Test func theGraphOptionPrintsTheAppsGraph() {
        let dot = PocketForecastCommand.run(arguments: ["--graph"])
        #expect(dot.exitCode == 0)
        #expect(dot.output.hasPrefix("digraph Monsoon {"))
        #expect(dot.output.contains(#""PresentationAssembly.app()" -> "ServiceAssembly.forecastService()" [label="init #0"];"#))
        let mermaid = PocketForecastCommand.run(arguments: ["--graph", "mermaid"])
        #expect(mermaid.output.hasPrefix("flowchart LR"))
    }

    @Test func theAppsGraphIsValid() throws {
        let report = try PocketForecastCommand.makeFactory().validate()
        #expect(report.findings(.error).isEmpty)
        #expect(report.findings(.warning).isEmpty)
    }

    @Test func theReportShowsTheAppsDefinitionsAndConfiguration() {
        let outcome = PocketForecastCommand.run(arguments: ["Paris", "--report"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output.contains("Activated 3 assemblies with 6 definitions; built 1 singleton"))
        #expect(outcome.output.contains("display.units"))
    }
}

@Suite struct PocketForecastAssemblyTests {
    func factory() throws -> BlockComponentFactory {
        try PocketForecastCommand.makeFactory()
    }

    @Test func everyScopeIsUsedAsIntended() throws {
        let factory = try factory()
        let scopes = Dictionary(uniqueKeysWithValues: factory.definitions.map { ($0.key, $0.scope) })
        #expect(scopes == [
            "CoreAssembly.weatherClient()": .lazySingleton,
            "CoreAssembly.reportCache()": .singleton,
            "ServiceAssembly.forecastService()": .objectGraph,
            "PresentationAssembly.app()": .objectGraph,
            "PresentationAssembly.presenter()": .prototype,
            "PresentationAssembly.temperatureFormatter()": .weakSingleton,
        ])
    }

    @Test func theCacheIsASingletonSoTheClientIsAskedOncePerCity() throws {
        let factory = try factory()
        _ = try factory.resolve(PresentationAssembly.app).show(city: "Paris")
        _ = try factory.resolve(PresentationAssembly.app).show(city: "paris")
        #expect(try factory.resolve(WeatherReportCache.self).fetchCount == 1)
        #expect(try factory.resolve(ServiceAssembly.forecastService) !== factory.resolve(ServiceAssembly.forecastService))
    }

    @Test func presentersShareTheFormatterOnlyWhileItIsHeld() throws {
        let factory = try factory()
        let first = try factory.resolve(PresentationAssembly.presenter)
        let second = try factory.resolve(PresentationAssembly.presenter)
        #expect(first !== second)
        #expect(first.formatter === second.formatter)
    }

    @Test func aTestDoubleReplacesTheWeatherClient() throws {
        final class FixedClient: WeatherClient {
            var knownCities: [String] { ["Camelot"] }
            func forecast(for city: String) -> CityForecast? {
                city == "Camelot" ? CityForecast(city: "Camelot", country: "Logres", days: []) : nil
            }
        }
        final class FixedCoreAssembly: CoreAssembly {
            override func weatherClient() -> Definition<any WeatherClient> {
                define { Definition<any WeatherClient>({ FixedClient() }) }
            }
        }
        let json = Data(#"{"display": {"units": "metric", "showChanceOfRain": false}}"#.utf8)
        let configuration = try Configuration(json: json, name: "test.json")
        // The app's root assembly, with a subclass replacing the CoreAssembly its collaborators hold.
        let factory = try BlockComponentFactory(assemblies: [PresentationAssembly(), FixedCoreAssembly()], configuration: configuration)
        #expect(try factory.resolve(PresentationAssembly.app).show(city: "Camelot") == "Forecast for Camelot, Logres")
    }
}
