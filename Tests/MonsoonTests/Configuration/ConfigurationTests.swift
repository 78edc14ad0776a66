import Foundation
import Monsoon
import Testing

struct Endpoint: Decodable, Equatable {
    let host: String
    let port: Int
}

final class ServiceSettings {
    let baseURL: URL
    var retries = 0
    var timeout = 0.0
    var verbose = false
    var regions: [String] = []
    var limits: [String: Int] = [:]
    var endpoint: Endpoint?
    var name = ""
    init(baseURL: URL) { self.baseURL = baseURL }
}

final class SettingsAssembly: Assembly {
    let scope: Scope
    init(scope: Scope = .objectGraph) { self.scope = scope }
    override var definitions: [any ComponentDefinition] { [settings()] }
    func settings() -> Definition<ServiceSettings> {
        define {
            Definition(ServiceSettings.init(baseURL:), .config("service.baseURL"))
                .inject(\.retries, .config("service.retries"))
                .inject(\.timeout, .config("service.timeout"))
                .inject(\.verbose, .config("service.verbose"))
                .inject(\.regions, .config("service.regions"))
                .inject(\.limits, .config("service.limits"))
                .inject(\.endpoint, .config("service.endpoint", as: Endpoint.self))
                .inject(\.name, .config("app.name"))
                .scope(scope)
        }
    }
}

@Suite struct ConfigurationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func baseAndOverrides() throws -> Configuration {
        let base = try folder.write("base.json", """
            {"app": {"name": "Camelot"},
             "service": {"baseURL": "https://weather.invalid/v1", "retries": 3, "timeout": 2.5, "verbose": false,
                         "regions": ["eu", "us"], "limits": {"daily": 100}, "endpoint": {"host": "a.invalid", "port": 80}}}
            """)
        let overrides = try folder.write("overrides.json", """
            {"service": {"retries": 5, "verbose": true, "endpoint": {"host": "b.invalid", "port": 8080}}}
            """)
        return try Configuration(files: [base, overrides])
    }

    @Test func valuesConvertToTheDestinationTypesAndLaterFilesWin() throws {
        let factory = try BlockComponentFactory(assemblies: [SettingsAssembly()], configuration: baseAndOverrides())
        let settings = try factory.resolve(ServiceSettings.self)
        #expect(settings.baseURL == URL(string: "https://weather.invalid/v1"))
        #expect(settings.retries == 5)
        #expect(settings.timeout == 2.5)
        #expect(settings.verbose)
        #expect(settings.regions == ["eu", "us"])
        #expect(settings.limits == ["daily": 100])
        #expect(settings.endpoint == Endpoint(host: "b.invalid", port: 8080))
        #expect(settings.name == "Camelot")
    }

    @Test func theActivationReportSaysWhichFileEachKeyCameFrom() throws {
        let factory = try BlockComponentFactory(assemblies: [SettingsAssembly()], configuration: baseAndOverrides())
        let origins = Dictionary(uniqueKeysWithValues: factory.activationReport.configuration.map { ($0.key, $0.file) })
        #expect(origins["service.retries"] == "overrides.json")
        #expect(origins["service.timeout"] == "base.json")
        #expect(origins["service.endpoint.port"] == "overrides.json")
        #expect(factory.activationReport.description.contains("service.retries        from overrides.json"))
    }

    @Test func aMissingKeyFailsActivationNamingTheKeyAndTheFiles() throws {
        let file = try folder.write("partial.json", #"{"service": {"baseURL": "https://x.invalid", "retrys": 1}}"#)
        let configuration = try Configuration(files: [file])
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [SettingsAssembly()], configuration: configuration)
        }
        #expect(error?.problems.first?.kind == .configuration)
        #expect(error?.problems.first?.message == """
            SettingsAssembly.settings() injects configuration: Configuration key "service.retries" is missing \
            (searched partial.json). Did you mean: service.retrys?
            """)
    }

    @Test func aValueOfTheWrongTypeFailsActivationNamingKeyFileAndType() throws {
        let base = try folder.write("base.json", """
            {"app": {"name": "x"}, "service": {"baseURL": "https://x.invalid", "retries": 1, "timeout": 1, "verbose": true,
             "regions": [], "limits": {}, "endpoint": {"host": "h", "port": 1}}}
            """)
        let wrong = try folder.write("wrong.json", #"{"service": {"retries": "three"}}"#)
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [SettingsAssembly(scope: .singleton)], configuration: Configuration(files: [base, wrong]))
        }
        #expect(error?.problems.map(\.message) == ["""
            SettingsAssembly.settings() injects configuration: Configuration key "service.retries" is a string, which cannot \
            be converted to Int: the value comes from wrong.json, which overrides base.json.
            """])
    }

    @Test func badConfigurationFilesAreTypedErrors() throws {
        let missing = #expect(throws: ConfigurationError.self) { try Configuration(files: [folder.url.appendingPathComponent("nope.json")]) }
        #expect(missing?.kind == .missingFile)
        #expect(missing?.description == "Configuration file nope.json does not exist or cannot be read.")
        let notJSON = #expect(throws: ConfigurationError.self) { try Configuration(files: [folder.write("bad.json", "{nope")]) }
        #expect(notJSON?.description == "Configuration file bad.json is not valid JSON: invalid JSON at line 1, column 2: found 'n' where a quoted key should be.")
        let array = #expect(throws: ConfigurationError.self) { try Configuration(files: [folder.write("list.json", "[1, 2]")]) }
        #expect(array?.description == "Configuration file list.json must contain a JSON object at the top level, not an array.")
    }
}

/// The endpoint section as a component of its own, injected by reference: no identity closure.
final class EndpointSectionAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [endpoint(), client()] }
    func endpoint() -> Definition<Endpoint> { define(.lazySingleton) { Definition(.config("service.endpoint")) } }
    func client() -> Definition<ServiceSettings> {
        define { [self] in Definition(ServiceSettings.init(baseURL:), .config("service.baseURL")).inject(\.endpoint, endpoint()) }
    }
}

/// A type with no converter and no Decodable conformance usable here.
struct Flare: Sendable {}

final class FlareConfigAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [flare()] }
    func flare() -> Definition<Flare> { define { Definition(.config("service.flare", convertedTo: Flare.self)) } }
}

extension ConfigurationTests {
    @Test func aConfigurationSectionIsAComponentOfItsOwn() throws {
        let factory = try BlockComponentFactory(assemblies: [EndpointSectionAssembly()], configuration: baseAndOverrides())
        #expect(try factory.resolve(Endpoint.self) == Endpoint(host: "b.invalid", port: 8080))
        #expect(try factory.resolve(EndpointSectionAssembly.client).endpoint == Endpoint(host: "b.invalid", port: 8080))
    }

    /// The message names the cause users in default-MainActor modules meet, not only the converter.
    @Test func aTypeWithNoConverterIsToldBothFixes() throws {
        let config = try Configuration(json: Data(#"{"service": {"flare": "on"}}"#.utf8), name: "app.json")
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [FlareConfigAssembly()], configuration: config) }
        #expect(error.description == """
            Cannot activate the factory: FlareConfigAssembly.flare() injects configuration: Configuration key "service.flare" cannot \
            be converted to Flare: no TypeConverter is registered for it. Register one: configuration.converting(with: \
            [TypeConverter(Flare.self) { text in … }]). If Flare is Decodable, its conformance is isolated to an actor here (a \
            module whose default isolation is the main actor): declare it `nonisolated` so that the configuration can decode it.
            """)
    }
}
