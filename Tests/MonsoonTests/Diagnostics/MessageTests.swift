import Foundation
import Monsoon
import Testing

/// A knight and a paladin (a subclass), an optional-free horse, and a parameterized squire: the
/// near-misses a by-type or by-key lookup makes.
final class KnightlyAssembly: Assembly {
    class Knight {}
    final class Paladin: Knight {}

    override var definitions: [any ComponentDefinition] { [paladin(), horse()] }
    override var parameterizedDefinitions: [ParameterizedMethod] { [ParameterizedMethod(KnightlyAssembly.squire(named:))] }

    func paladin() -> Definition<Paladin> { define { Definition(Paladin.init) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Binky"), .value(BuildLog())) } }
    func squire(named name: String) -> Definition<Squire> {
        define(arguments: name) { Definition(Squire.init(name:log:), .value(name), .value(BuildLog())) }
    }
}

@Suite("Messages that say exactly what is wrong")
struct MessageTests {
    @Test func resolvingASuperclassNamesTheSubclassDefinitions() throws {
        let factory = try BlockComponentFactory(assemblies: [KnightlyAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(KnightlyAssembly.Knight.self) }
        #expect(error.kind == .noDefinitionForType)
        #expect(error.description == """
            Cannot resolve Knight: no definition declares this type.
              Lookup by type is exact, and these definitions declare related types: KnightlyAssembly.paladin() declares Paladin, a subclass of Knight.
              Resolve one of those types, or declare the definition as Definition<Knight>.
            """)
    }

    @Test func resolvingAnOptionalSuggestsItsWrappedType() throws {
        let factory = try BlockComponentFactory(assemblies: [KnightlyAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(Horse?.self) }
        #expect(error.description == """
            Cannot resolve Optional<Horse>: no definition declares this type.
              Lookup by type is exact, and these definitions declare related types: KnightlyAssembly.horse() declares Horse: resolve Horse, not Optional<Horse>.
              Resolve one of those types, or declare the definition as Definition<Optional<Horse>>.
            """)
    }

    @Test func aParameterizedKeyWithoutArgumentsSaysToPassThem() throws {
        let factory = try BlockComponentFactory(assemblies: [KnightlyAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(key: "KnightlyAssembly.squire(named:)", as: Squire.self) }
        #expect(error.kind == .unknownKey)
        #expect(error.description.hasSuffix("""
              squire(named:) has parameters, so its definition is parameterized: pass its arguments, \
            factory.resolve(key: "KnightlyAssembly.squire(named:)", arguments: […]), and list it in its assembly's parameterizedDefinitions.
            """))
    }

    @Test func aMisspeltArgumentLabelIsCorrected() throws {
        let factory = try BlockComponentFactory(assemblies: [KnightlyAssembly()])
        let error = try #require(throws: ResolutionError.self) {
            try factory.resolve(key: "KnightlyAssembly.squire(name:)", arguments: ["Dinadan"], as: Squire.self)
        }
        #expect(error.kind == .unknownKey)
        #expect(error.description.hasPrefix("""
            Cannot resolve key "KnightlyAssembly.squire(name:)": no definition has this key.
              Did you mean: KnightlyAssembly.squire(named:)?
            """))
    }

    @Test func aKeyUnderAValueThatIsNotAnObjectSaysSo() throws {
        let configuration = try Configuration(json: Data(#"{"service": "https://example.com"}"#.utf8), name: "app.json")
        let error = try #require(throws: ConfigurationError.self) { try configuration.value("service.url", as: String.self) }
        #expect(error.kind == .missingKey)
        #expect(error.description == """
            Configuration key "service.url" is missing: "service" is a string in app.json, not an object, so it has no "url".
            """)
    }

    @Test func aConfigurationFileTheManifestNamesKeepsItsFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try folder.write("config/broken.json", "{\"greeting\": }")
        let manifest = try folder.write("manifest.json", #"{"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "config": ["config/broken.json"]}"#)
        let error = try #require(throws: ManifestError.self) { try BlockComponentFactory(manifest: manifest) }
        #expect(error.description == """
            Cannot start from manifest manifest.json: Configuration file config/broken.json is not valid JSON: \
            invalid JSON at line 1, column 14: found '}' where a value should be.
            """)
    }
}
