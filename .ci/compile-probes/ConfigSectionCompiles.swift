// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// A configuration section as a component of its own, with no identity closure, and injected by
// reference; the settings type is `nonisolated` so that its Decodable conformance is usable anywhere.
nonisolated struct HarborSettings: Decodable {
    var port: Int
}

final class Harbor {
    let settings: HarborSettings
    init(settings: HarborSettings) { self.settings = settings }
}

nonisolated final class HarborAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [settings(), harbor()] }
    func settings() -> Definition<HarborSettings> { define { Definition(.config("harbor")) } }
    func harbor() -> Definition<Harbor> { define { Definition(Harbor.init(settings:), settings()) } }
}
