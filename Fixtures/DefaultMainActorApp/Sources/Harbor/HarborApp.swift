import Foundation
import Monsoon
import MonsoonMediator
import MonsoonRouter

/// The app: activated from its manifest, started (the async database), then asked for a screen.
public enum HarborApp {
    /// The bundled manifest.
    public static var manifestURL: URL? { Bundle.module.url(forResource: "manifest", withExtension: "json") }

    /// Activates and starts the app's factory, then renders the screen for `harbor`.
    public static func run(harbor: String) async throws -> String {
        guard let manifestURL else { return "no manifest" }
        let factory = try BlockComponentFactory(manifest: manifestURL)
        try await factory.start()
        let coordinator = try await factory.resolve(PresentationAssembly.coordinator)
        let model = try await factory.resolve(PresentationAssembly.harbor(named:), harbor)
        let highWater = try await factory.resolve(Mediator.self).perform(target: "Reports", action: "highWater", parameters: ["harbor": harbor])
        let router = try await factory.resolve(Router.self)
        try router.register("harbor://reports/:name", to: ServiceAssembly.report(harbor:))
        let routed = try router.open("harbor://reports/\(harbor)")
        return [
            model.text,
            "coordinator started: \(coordinator.started), root set: \(coordinator.root?.coordinator === coordinator)",
            "settings: \(coordinator.root?.settings.title ?? "")",
            "mediator: \(highWater)",
            "router: \((routed as? HarborReport)?.highWater ?? -1)",
        ].joined(separator: "\n")
    }
}
