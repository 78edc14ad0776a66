// expect: main actor-isolated conformance of 'HarborSettings' to 'Decodable'
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// A Decodable settings struct declared as app code declares it where every type is main-actor: its
// conformance is isolated, so a nonisolated assembly cannot decode it. The compiler says so (there is no
// second `.config(_:as:)` for it to fall back to in silence); the fix is `nonisolated struct`, as in
// ConfigSectionCompiles.swift.
struct HarborSettings: Decodable {
    var port: Int
}

final class Harbor {
    let settings: HarborSettings
    init(settings: HarborSettings) { self.settings = settings }
}

nonisolated final class HarborAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [harbor()] }
    func harbor() -> Definition<Harbor> { define { Definition(Harbor.init(settings:), .config("harbor", as: HarborSettings.self)) } }
}
