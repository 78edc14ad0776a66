import Foundation
import Monsoon
import Testing

// A settings struct as a module whose default isolation is the main actor declares it: its Decodable
// conformance is isolated to the main actor (written out here, where the default is nonisolated).

@MainActor private struct MooringSettings: @MainActor Decodable {
    var berths: Int
    var harbourmaster: String
}

@MainActor private final class MooringViewModel {
    let settings: MooringSettings
    init(settings: MooringSettings) { self.settings = settings }
}

/// Built off the main actor: it cannot decode a conformance isolated there.
private final class MooringReport: @unchecked Sendable {
    init(settings: MooringSettings) {}
}

/// Not Decodable at all.
private struct Anchor: Sendable {}

private final class AnchorHolder: Sendable {
    init(anchor: Anchor) {}
}

private final class MooringAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [settings(), model()] }
    func settings() -> Definition<MooringSettings> { define { Definition(.config("mooring")) } }
    func model() -> Definition<MooringViewModel> { define { Definition(MooringViewModel.init(settings:), .config("mooring")) } }
}

private final class OffMainMooringAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [report()] }
    func report() -> Definition<MooringReport> { define { Definition(MooringReport.init(settings:), .config("mooring")) } }
}

private final class AnchorAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [holder()] }
    func holder() -> Definition<AnchorHolder> { define { Definition(AnchorHolder.init(anchor:), .config("anchor")) } }
}

private let mooring = #"{"mooring": {"berths": 12, "harbourmaster": "Rui"}, "anchor": {}}"#

@Suite struct MainActorConfigurationTests {
    /// Before: `nonisolated struct` was needed, or the compiler refused `.config("mooring")`.
    @Test @MainActor func aMainActorComponentIsInjectedASettingsStructWhoseConformanceIsMainActor() throws {
        let configuration = try Configuration(json: Data(mooring.utf8), name: "mooring.json")
        let factory = try BlockComponentFactory(assemblies: [MooringAssembly()], configuration: configuration, validating: true)
        let model = try factory.resolve(MooringAssembly.model)
        #expect(model.settings.berths == 12 && model.settings.harbourmaster == "Rui")
        // The section as a component of its own is built on the main actor too.
        #expect(try factory.resolve(MooringAssembly.settings).harbourmaster == "Rui")
        #expect(factory.activationReport.resolutionNeeds["MooringAssembly.settings()"] == .mainActor)
    }

    @Test @MainActor func aValueThatDoesNotDecodeIsReportedAtActivationOnTheMainActor() throws {
        let configuration = try Configuration(json: Data(#"{"mooring": {"berths": "twelve", "harbourmaster": "Rui"}}"#.utf8), name: "mooring.json")
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [MooringAssembly()], configuration: configuration)
        }
        #expect(error.problems.first?.message == """
            MooringAssembly.settings() injects configuration: Configuration key "mooring" in mooring.json is an object, which cannot be \
            converted to MooringSettings: "mooring.berths" holds a string ("twelve"), where Int is expected.
            """)
    }

    /// Activated on the main actor, where a conformance isolated to it can be found.
    @Test @MainActor func aComponentBuiltOffTheMainActorIsRefusedAtActivation() throws {
        let configuration = try Configuration(json: Data(mooring.utf8), name: "mooring.json")
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [OffMainMooringAssembly()], configuration: configuration)
        }
        #expect(error.description == """
            Cannot activate the factory: OffMainMooringAssembly.report() injects configuration: Configuration key "mooring" is read as \
            MooringSettings, whose Decodable conformance is isolated to the main actor (every type of a module whose default isolation \
            is the main actor is), but it is injected into MooringReport, which is built off the main actor (its initializer is \
            nonisolated). Declare nonisolated struct MooringSettings (or `struct MooringSettings: nonisolated Decodable`), or inject it \
            into a component built on the main actor.
            """)
    }

    @Test @MainActor func aTypeThatIsNotDecodableIsRefusedAtActivationNamingTheConverterForm() throws {
        let configuration = try Configuration(json: Data(mooring.utf8), name: "mooring.json")
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [AnchorAssembly()], configuration: configuration)
        }
        #expect(error.description == """
            Cannot activate the factory: AnchorAssembly.holder() injects configuration: Configuration key "anchor" is read as Anchor, \
            which is not Decodable. Conform Anchor to Decodable, or read it with .config("anchor", convertedTo: Anchor.self) and a \
            TypeConverter registered for it.
            """)
    }

    /// Off the main actor a dynamic cast cannot find a conformance isolated to it, so activation names both
    /// causes and both fixes.
    @Test func offTheMainActorActivationNamesBothCausesOfAnUndecodableType() async throws {
        let configuration = try Configuration(json: Data(mooring.utf8), name: "mooring.json")
        let error = try await Task.detached {
            try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [AnchorAssembly()], configuration: configuration) }
        }.value
        #expect(error.description == """
            Cannot activate the factory: AnchorAssembly.holder() injects configuration: Configuration key "anchor" is read as Anchor, \
            which is not Decodable, or whose Decodable conformance is isolated to the main actor (which can be told only there), and \
            it is injected into AnchorHolder, which is built off the main actor (its initializer is nonisolated). Declare nonisolated \
            struct Anchor: Decodable, or read it with .config("anchor", convertedTo: Anchor.self) and a TypeConverter registered for it.
            """)
    }

    /// Off the main actor, activation checks that the key exists; the value decodes when the component is
    /// built, on the main actor.
    @Test func activatedOffTheMainActorTheSettingsDecodeWhenTheirComponentIsBuilt() async throws {
        let configuration = try Configuration(json: Data(mooring.utf8), name: "mooring.json")
        let factory = try await Task.detached { try BlockComponentFactory(assemblies: [MooringAssembly()], configuration: configuration) }.value
        let model = try await factory.resolve(MooringAssembly.model)
        #expect(model.settings.berths == 12)
        let missing = try Configuration(json: Data(#"{"anchor": {}}"#.utf8), name: "empty.json")
        await #expect(throws: ActivationError.self) {
            try await Task.detached { try BlockComponentFactory(assemblies: [MooringAssembly()], configuration: missing) }.value
        }
    }
}
