// expect: no error (a settings struct as app code declares it where every type is main-actor, injected into main-actor components)
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// Its Decodable conformance is isolated to the main actor, which a nonisolated assembly cannot use:
// Swift picks `.config(_:as:)`'s form for such a type, which decodes it while the main-actor component
// is built. A component built off the main actor is refused at activation instead
// (MainActorConfigurationTests), naming `nonisolated struct` as the fix.
struct HarborSettings: Decodable {
    var port: Int
}

final class Harbor {
    let settings: HarborSettings
    init(settings: HarborSettings) { self.settings = settings }
}

nonisolated final class HarborAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [harbor(), settings(), typed()] }
    func harbor() -> Definition<Harbor> { define { Definition(Harbor.init(settings:), .config("harbor", as: HarborSettings.self)) } }
    func settings() -> Definition<HarborSettings> { define { Definition(.config("harbor")) } }
    func typed() -> Definition<Harbor> { define { [self] in Definition(Harbor.init(settings:), settings()) } }
}
