import Foundation
import Monsoon
import Testing

/// A type that is not Decodable: only a TypeConverter makes it from configuration text.
private struct Color: Equatable, Sendable {
    let red: Int, green: Int, blue: Int
    struct NotAColor: Error, CustomStringConvertible {
        let text: String
        var description: String { "\(text) is not #rrggbb" }
    }
    init(red: Int, green: Int, blue: Int) { (self.red, self.green, self.blue) = (red, green, blue) }
    init(hex text: String) throws {
        guard text.count == 7, text.first == "#", let value = Int(text.dropFirst(), radix: 16) else { throw NotAColor(text: text) }
        self.init(red: value >> 16, green: (value >> 8) & 0xff, blue: value & 0xff)
    }
}

private struct Theme: Sendable { let tint: Color; let accent: Color }
private struct Timeouts: Sendable { let seconds: Int; let retries: Int }

private let colors = TypeConverter(Color.self) { try Color(hex: $0) }

private func json(_ text: String, name: String) throws -> Configuration {
    try Configuration(json: Data(text.utf8), name: name)
}

private final class ThemeAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [theme()] }
    func theme() -> Definition<Theme> {
        define { Definition(Theme.init(tint:accent:), .config("theme.tint", convertedTo: Color.self), .converted("#0044ff")) }
    }
}

/// Two library assemblies with a key of the same name in their own configuration.
private final class NetworkAssembly: Assembly {
    override var configuration: Configuration { (try? json(#"{"timeout": 30, "retries": 2}"#, name: "network-defaults.json")) ?? .empty }
    override var definitions: [any ComponentDefinition] { [timeouts()] }
    func timeouts() -> Definition<Timeouts> { define { Definition(Timeouts.init(seconds:retries:), .config("timeout"), .config("retries")) } }
}

private final class StorageAssembly: Assembly {
    override var configuration: Configuration { (try? json(#"{"timeout": 5}"#, name: "storage-defaults.json")) ?? .empty }
    override var definitions: [any ComponentDefinition] { [timeouts()] }
    func timeouts() -> Definition<Timeouts> { define { Definition(Timeouts.init(seconds:retries:), .config("timeout"), .config("retries")) } }
}

/// A library assembly that brings a converter and no value: the app's configuration has the value.
private final class ThemedLibraryAssembly: Assembly {
    override var configuration: Configuration { Configuration.empty.converting(with: [colors]) }
    override var definitions: [any ComponentDefinition] { [theme()] }
    func theme() -> Definition<Theme> {
        define { Definition(Theme.init(tint:accent:), .config("theme.tint", convertedTo: Color.self), .converted("#0044ff")) }
    }
}

@Suite struct TypeConverterTests {
    @Test func anAssemblysOwnConvertersWorkWithoutValuesOfItsOwn() throws {
        let app = try json(##"{"theme": {"tint": "#ff8800"}}"##, name: "app.json")
        let factory = try BlockComponentFactory(assemblies: [ThemedLibraryAssembly()], configuration: app)
        let theme = try factory.resolve(ThemedLibraryAssembly.theme)
        #expect(theme.tint == Color(red: 255, green: 136, blue: 0))
        #expect(theme.accent == Color(red: 0, green: 68, blue: 255))
    }

    @Test func aConverterMakesANonDecodableTypeFromConfigurationAndFromLiterals() throws {
        let configuration = try json(##"{"theme": {"tint": "#ff8800"}}"##, name: "app.json").converting(with: [colors])
        let factory = try BlockComponentFactory(assemblies: [ThemeAssembly()], configuration: configuration)
        let theme = try factory.resolve(ThemeAssembly.theme)
        #expect(theme.tint == Color(red: 255, green: 136, blue: 0))
        #expect(theme.accent == Color(red: 0, green: 68, blue: 255))
    }

    @Test func withoutAConverterActivationFailsSayingHowToRegisterOne() throws {
        let configuration = try json(##"{"theme": {"tint": "#ff8800"}}"##, name: "app.json")
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ThemeAssembly()], configuration: configuration) }
        #expect(error?.problems.map(\.kind) == [.configuration, .configuration])
        #expect(error?.description.contains("""
            ThemeAssembly.theme() injects configuration: Configuration key "theme.tint" cannot be converted to Color: no TypeConverter \
            is registered for it. Register one: configuration.converting(with: [TypeConverter(Color.self) { text in … }]).
            """) == true)
    }

    @Test func aConverterThatThrowsFailsActivationNamingKeyTextAndType() throws {
        let configuration = try json(#"{"theme": {"tint": "orange"}}"#, name: "app.json").converting(with: [colors])
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ThemeAssembly()], configuration: configuration) }
        #expect(error?.description.contains("""
            Configuration key "theme.tint" ("orange") cannot be converted to Color: its TypeConverter threw: orange is not #rrggbb.
            """) == true)
    }

    @Test func aConverterIsUsedBeforeDecodableForStrings() throws {
        let configuration = try json(#"{"retries": "three"}"#, name: "app.json")
            .converting(with: [TypeConverter(Int.self) { $0 == "three" ? 3 : 0 }])
        #expect(try configuration.value("retries", as: Int.self) == 3)
    }
}

@Suite struct AssemblyConfigurationTests {
    @Test func eachAssemblyReadsItsOwnConfigurationUnderTheSameKey() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkAssembly(), StorageAssembly()],
                                                configuration: try json(#"{"retries": 9}"#, name: "app.json"))
        #expect(try factory.resolve(NetworkAssembly.timeouts).seconds == 30)
        #expect(try factory.resolve(NetworkAssembly.timeouts).retries == 2)
        #expect(try factory.resolve(StorageAssembly.timeouts).seconds == 5)
        // Not in StorageAssembly's own configuration: the factory's top-level value.
        #expect(try factory.resolve(StorageAssembly.timeouts).retries == 9)
    }

    @Test func theFactorysSectionNamedAfterAnAssemblyOverridesItsOwnValues() throws {
        let app = try json(#"{"retries": 9, "NetworkAssembly": {"timeout": 60}}"#, name: "app.json")
        let factory = try BlockComponentFactory(assemblies: [NetworkAssembly(), StorageAssembly()], configuration: app)
        #expect(try factory.resolve(NetworkAssembly.timeouts).seconds == 60)
        #expect(try factory.resolve(StorageAssembly.timeouts).seconds == 5)
    }

    @Test func theActivationReportSaysWhereEachValueCameFrom() throws {
        let app = try json(#"{"retries": 9, "NetworkAssembly": {"timeout": 60}}"#, name: "app.json")
        let factory = try BlockComponentFactory(assemblies: [NetworkAssembly(), StorageAssembly()], configuration: app)
        let rows = factory.activationReport.configuration.map { "\($0.key) from \($0.file)" }
        #expect(rows == [
            "NetworkAssembly.retries from network-defaults.json (NetworkAssembly's own)",
            "NetworkAssembly.timeout from app.json",
            "StorageAssembly.timeout from storage-defaults.json (StorageAssembly's own)",
            "retries from app.json",
        ])
    }

    @Test func aKeyNoConfigurationHasFailsActivationForThatAssembly() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [StorageAssembly()]) }
        #expect(error?.problems.map(\.subject) == ["StorageAssembly.timeouts()"])
        #expect(error?.description.contains(#"Configuration key "retries" is missing (searched storage-defaults.json)."#) == true)
    }
}

/// A library's abstract parent reading its own configuration, inherited by an app's definition.
private class LibraryAssembly: Assembly {
    override var configuration: Configuration { (try? json(#"{"timeout": 12, "retries": 1}"#, name: "library.json")) ?? .empty }
    func base() -> Definition<Timeouts> { define { Definition(Timeouts.init(seconds:retries:), .config("timeout"), .config("retries")) } }
}

private final class AppAssembly: Assembly {
    let library = LibraryAssembly()
    override var definitions: [any ComponentDefinition] { [timeouts()] }
    func timeouts() -> Definition<Timeouts> { define { Definition<Timeouts>.inheriting(from: library.base()) } }
}

extension AssemblyConfigurationTests {
    @Test func anInheritedInjectionReadsTheConfigurationOfTheAssemblyThatWroteIt() throws {
        let factory = try BlockComponentFactory(assemblies: [AppAssembly()])
        #expect(try factory.resolve(AppAssembly.timeouts).seconds == 12)
    }
}

/// Where a wrong-type value came from: the assembly's own defaults, or the file that overrode them.
@Suite struct ConfigurationProvenanceTests {
    @Test func aWrongTypeInAnAssemblysOwnDefaultsSaysItIsTheAssemblysOwn() throws {
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [StorageAssembly()],
                                      configuration: try json(#"{"retries": "many"}"#, name: "app.json"))
        }
        #expect(error?.problems.first?.message.hasSuffix(
            #"Configuration key "retries" in app.json is a string, which cannot be converted to Int."#) == true)
    }

    @Test func aWrongTypeInTheSectionThatOverrodeTheDefaultsNamesBoth() throws {
        let configuration = try json(#"{"StorageAssembly": {"timeout": "soon"}, "retries": 1}"#, name: "app.json")
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [StorageAssembly()], configuration: configuration)
        }
        #expect(error?.problems.first?.message == """
            StorageAssembly.timeouts() injects configuration: Configuration key "timeout" is a string, which cannot be converted \
            to Int: the value comes from section "StorageAssembly" of app.json, which overrides StorageAssembly's own \
            configuration (storage-defaults.json).
            """)
    }

    @Test func aWrongTypeInTheDefaultsNamesThemAsTheAssemblysOwn() throws {
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [BrokenDefaultsAssembly()])
        }
        #expect(error?.problems.first?.message.hasSuffix("""
            Configuration key "timeout" is an array, which cannot be converted to Int: the value comes from \
            BrokenDefaultsAssembly's own configuration (broken-defaults.json).
            """) == true)
    }

    @Test func aLaterFileThatOverridesAnEarlierOneNamesIt() throws {
        let base = try json(#"{"service": {"retries": 3}}"#, name: "base.json")
        let local = try json(#"{"service": {"retries": "three"}}"#, name: "local.json")
        let error = #expect(throws: ConfigurationError.self) { try base.overriding(with: local).value("service.retries", as: Int.self) }
        #expect(error?.file == "local.json")
        #expect(error?.description == """
            Configuration key "service.retries" is a string, which cannot be converted to Int: the value comes from local.json, \
            which overrides base.json.
            """)
    }
}

private final class BrokenDefaultsAssembly: Assembly {
    override var configuration: Configuration { (try? json(#"{"timeout": [1], "retries": 1}"#, name: "broken-defaults.json")) ?? .empty }
    override var definitions: [any ComponentDefinition] { [timeouts()] }
    func timeouts() -> Definition<Timeouts> { define { Definition(Timeouts.init(seconds:retries:), .config("timeout"), .config("retries")) } }
}
