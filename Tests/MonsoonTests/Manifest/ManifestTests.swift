import Foundation
import Monsoon
import Testing

final class Greeter {
    let greeting: String
    init(greeting: String) { self.greeting = greeting }
}

class GreetingAssembly: Assembly, ManifestLoadable {
    required override init() {}
    override var definitions: [any ComponentDefinition] { [greeter()] }
    func greeter() -> Definition<Greeter> { define { Definition(Greeter.init(greeting:), .config("greeting")) } }
}

/// An environment's replacement for GreetingAssembly.
final class ShoutingAssembly: GreetingAssembly {
    override func greeter() -> Definition<Greeter> {
        define { Definition(Greeter.init(greeting:), Injection.resolved { _ in "HELLO" }) }
    }
}

final class NotLoadableAssembly: Assembly {}

final class QuietAssembly: Assembly, ManifestLoadable {
    required override init() {}
}
final class NotAnAssembly {}

@Suite struct ManifestTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("config.json", #"{"greeting": "Hello"}"#)
        try folder.write("french.json", #"{"greeting": "Bonjour"}"#)
    }

    func manifest(_ json: String) throws -> URL { try folder.write("manifest.json", json) }

    func failure(_ json: String, environment: String? = nil) throws -> ManifestError? {
        let url = try manifest(json)
        return #expect(throws: ManifestError.self) { try BlockComponentFactory(manifest: url, environment: environment) }
    }

    @Test func startsFromAManifestWithItsConfiguration() throws {
        let url = try manifest(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "config": ["config.json"]}"#)
        let factory = try BlockComponentFactory(manifest: url)
        #expect(try factory.resolve(Greeter.self).greeting == "Hello")
    }

    @Test func anEnvironmentAddsConfigurationAndReplacesAssemblies() throws {
        let url = try manifest("""
            {"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "config": ["config.json"],
             "environments": {"french": {"config": ["french.json"]}, "loud": {"assemblies": ["MonsoonTests.ShoutingAssembly"]}}}
            """)
        #expect(try BlockComponentFactory(manifest: url, environment: "french").resolve(Greeter.self).greeting == "Bonjour")
        let loud = try BlockComponentFactory(manifest: url, environment: "loud")
        #expect(try loud.resolve(Greeter.self).greeting == "HELLO")
        #expect(loud.activationReport.assemblies.map(\.name) == ["ShoutingAssembly"])
    }

    @Test func anEnvironmentsReplacementKeepsThePositionOfTheAssemblyItReplaces() throws {
        let url = try manifest("""
            {"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly", "MonsoonTests.QuietAssembly"], "config": ["config.json"],
             "environments": {"loud": {"assemblies": ["MonsoonTests.ShoutingAssembly"]}}}
            """)
        let loud = try BlockComponentFactory(manifest: url, environment: "loud")
        #expect(loud.activationReport.assemblies.map(\.name) == ["ShoutingAssembly", "QuietAssembly"])
    }

    @Test func loadsFromData() throws {
        let data = Data(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "config": ["config.json"]}"#.utf8)
        let factory = try BlockComponentFactory(manifestData: data, configurationFolder: folder.url)
        #expect(try factory.resolve(Greeter.self).greeting == "Hello")
    }

    @Test func aMissingManifestFile() {
        let error = #expect(throws: ManifestError.self) {
            try BlockComponentFactory(manifest: folder.url.appendingPathComponent("absent.json"))
        }
        #expect(error?.kind == .missingFile)
        #expect(error?.description.hasPrefix("Cannot start from manifest absent.json: the file does not exist or cannot be read") == true)
    }

    @Test(arguments: [
        ("version: 1", "the file is not valid JSON: invalid JSON at line 1, column 1: found 'v' where a value should be."),
        ("", "the file is empty; a manifest is a JSON object with \"version\" and \"assemblies\"."),
        (" \n\t", "the file is empty; a manifest is a JSON object with \"version\" and \"assemblies\"."),
        ("{\n  \"version\": 1,\n  \"assemblies\": [\"A.B\"",
         "the file is not valid JSON: the JSON ends early at line 3, column 23: an object, array or string is not closed (was the file cut off?)."),
        ("{\n  \"version\": 1,\n  \"assemblies\": [\"A.B", "the file is not valid JSON: the JSON ends early at line 3, column 22: an object, array or string is not closed (was the file cut off?)."),
        ("{\"version\": 1, \"assemblies\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
         "the file is not valid JSON: arrays and objects are nested more than 64 deep at line 1, column 93."),
        // Found by libFuzzer: a string that ends right after a backslash used to crash the process.
        ("\"\\", "the file is not valid JSON: the JSON ends early at line 1, column 3: an object, array or string is not closed (was the file cut off?)."),
        ("{\n  \"version\": 1\n  \"assemblies\": []\n}", "the file is not valid JSON: invalid JSON at line 3, column 3: found '\"' where ',' or '}' should be."),
        ("{\"version\": tru}", "the file is not valid JSON: invalid JSON at line 1, column 16: found '}' where 'true' should be."),
        ("{\"version\": 1} {}", "the file is not valid JSON: invalid JSON at line 1, column 16: found '{' where the end of the document should be."),
    ])
    func aManifestThatIsNotJSONSaysWhereAndWhy(json: String, message: String) throws {
        let error = try failure(json)
        #expect(error?.kind == .notJSON)
        #expect(error?.description == "Cannot start from manifest manifest.json: \(message)")
    }

    /// Issue 28: a Latin-1 "é" before the closing quote was reported as the quote, 0x22.
    @Test func aManifestWithLatin1TextNamesTheBadByte() throws {
        let bytes = Array(#"{"version": 1, "assemblies": ["Caf"#.utf8) + [0xE9] + Array(#"s.Assembly"]}"#.utf8)
        let error = try #require(throws: ManifestError.self) { try BlockComponentFactory(manifestData: Data(bytes)) }
        #expect(error.kind == .notJSON)
        #expect(error.description == """
            Cannot start from manifest manifest.json: the file is not valid JSON: invalid UTF-8 at line 1, column 35 (byte 34): \
            0xE9 starts a 3-byte character, but the byte after it, 0x73, does not continue it.
            """)
    }

    @Test(arguments: [
        (#"[1]"#, "$: expected an object, found an array."),
        (#"{"assemblies": ["A.B"]}"#, "$.version: missing; add \"version\": 1."),
        (#"{"version": "1", "assemblies": ["A.B"]}"#, "$.version: expected a number, found a string."),
        (#"{"version": 1}"#, "$.assemblies: missing or empty; list at least one assembly type name (or lifecycle modules under \"modules\")."),
        (#"{"version": 1, "assemblies": "A.B"}"#, "$.assemblies: expected an array of strings, found a string."),
        (#"{"version": 1, "assemblies": ["A.B", 7]}"#, "$.assemblies[1]: expected a non-empty string, found a number."),
        (#"{"version": 1, "assemblies": ["A.B"], "config": [true]}"#, "$.config[0]: expected a non-empty string, found a boolean."),
        (#"{"version": 1, "assemblys": ["A.B"]}"#, "$.assemblys: unknown key; did you mean assemblies?"),
        (#"{"version": 1, "assemblies": ["A.B"], "environments": []}"#, "$.environments: expected an object, found an array."),
        (#"{"version": 1, "assemblies": ["A.B"], "environments": {"dev": {"asemblies": []}}}"#,
         "$.environments.dev.asemblies: unknown key; did you mean assemblies?"),
    ])
    func aManifestOfTheWrongShapeNamesTheJSONPath(json: String, message: String) throws {
        let error = try failure(json)
        #expect(error?.kind == .wrongShape)
        #expect(error?.description == "Cannot start from manifest manifest.json: \(message)")
    }

    @Test func anUnsupportedVersion() throws {
        let error = try failure(#"{"version": 2, "assemblies": ["A.B"]}"#)
        #expect(error?.kind == .unsupportedVersion)
        #expect(error?.description == "Cannot start from manifest manifest.json: $.version is 2, but this Monsoon reads version 1.")
    }

    @Test func anUnknownTypeNameSuggestsTheClosestNames() throws {
        let unqualified = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly", "ShoutingAssembly"]}"#)
        #expect(unqualified?.kind == .unknownType)
        #expect(unqualified?.description == """
            Cannot start from manifest manifest.json: $.assemblies[1]: no type is named ShoutingAssembly. Did you mean: MonsoonTests.ShoutingAssembly?
            """)
        let typo = try failure(#"""
            {"version": 1, "assemblies": ["MonsoonTests.QuietAssembly", "MonsoonTests.ShoutingAsembly"],
             "environments": {"loud": {"assemblies": ["MonsoonTests.ShoutingAssembly"]}}}
            """#)
        #expect(typo?.description == """
            Cannot start from manifest manifest.json: $.assemblies[1]: no type is named MonsoonTests.ShoutingAsembly. Did you mean: MonsoonTests.ShoutingAssembly?
            """)
        // A name already listed is never suggested: it would only be listed twice.
        let listedTwice = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly", "MonsoonTests.GreetingAsembly"]}"#)
        #expect(listedTwice?.description == """
            Cannot start from manifest manifest.json: $.assemblies[1]: no type is named MonsoonTests.GreetingAsembly. \
            Names are module-qualified, like MyApp.CoreAssembly, and the type must be a class linked into the program.
            """)
        let inEnvironment = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "environments": {"loud": {"assemblies": ["Shouting"]}}}"#, environment: "loud")
        #expect(inEnvironment?.description.hasPrefix("Cannot start from manifest manifest.json: $.environments.loud.assemblies[0]: no type is named Shouting.") == true)
    }

    @Test func aTypeThatIsNotAnAssemblyOrNotLoadable() throws {
        let notAssembly = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.NotAnAssembly"]}"#)
        #expect(notAssembly?.kind == .notAnAssembly)
        #expect(notAssembly?.description == "Cannot start from manifest manifest.json: $.assemblies[0]: MonsoonTests.NotAnAssembly is not an Assembly subclass.")
        let notLoadable = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.NotLoadableAssembly"]}"#)
        #expect(notLoadable?.kind == .notLoadable)
        #expect(notLoadable?.description.contains("does not conform to ManifestLoadable") == true)
    }

    @Test func aDuplicateAssembly() throws {
        let error = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly", "MonsoonTests.GreetingAssembly"]}"#)
        #expect(error?.kind == .duplicateAssembly)
        #expect(error?.description == "Cannot start from manifest manifest.json: $.assemblies[1]: MonsoonTests.GreetingAssembly is listed more than once (also at $.assemblies[0]).")
    }

    @Test func aMissingConfigurationFileOrAWrongConfigurationType() throws {
        let missing = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "config": ["absent.json"]}"#)
        #expect(missing?.kind == .configuration)
        #expect(missing?.configurationError?.kind == .missingFile)
        #expect(missing?.description == "Cannot start from manifest manifest.json: Configuration file absent.json does not exist or cannot be read.")
        try folder.write("numeric.json", #"{"greeting": 42}"#)
        let wrongType = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "config": ["numeric.json"]}"#)
        #expect(wrongType?.kind == .activation)
        #expect(wrongType?.description == """
            Cannot start from manifest manifest.json: Cannot activate the factory: GreetingAssembly.greeter() injects configuration: \
            Configuration key "greeting" in numeric.json is a number, which cannot be converted to String.
            """)
    }

    @Test func anUnknownEnvironment() throws {
        let error = try failure(#"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "environments": {"dev": {}}}"#, environment: "prod")
        #expect(error?.kind == .unknownEnvironment)
        #expect(error?.description == "Cannot start from manifest manifest.json: no environment \"prod\" (known: dev).")
    }
}
