import Foundation
import Monsoon
import MonsoonMediator
import MonsoonRouter

/// The app: activated from its manifest, started (the async database), then asked for its screens.
public enum HarborApp {
    /// The bundled manifest.
    public static var manifestURL: URL? { Bundle.module.url(forResource: "manifest", withExtension: "json") }

    /// Activates and starts the app's factory, then renders the screen for `harbor`.
    public static func run(harbor: String) async throws -> String {
        guard let manifestURL else { return "no manifest" }
        let factory = try BlockComponentFactory(manifest: manifestURL)
        try await factory.start()
        return try await render(harbor: harbor, with: factory)
    }

    /// What the app shows for `harbor`, from an activated factory (the app's, or a test's).
    static func render(harbor: String, with factory: BlockComponentFactory) async throws -> String {
        let coordinator = try await factory.resolve(PresentationAssembly.coordinator)
        let model = try await factory.resolve(PresentationAssembly.harbor(named:), harbor)
        try await model.load()
        let linked = try await factory.resolve(Mediator.self).perform(target: "Reports", action: "link", parameters: ["harbor": harbor])
        let router = try await factory.resolve(Router.self)
        try router.register("harbor://links/:name", to: ServiceAssembly.link(harbor:))
        let routed = try router.open("harbor://links/\(harbor)")
        let logger = try await factory.resolve(CoreAssembly.logger)
        return [
            model.text,
            "coordinator started: \(coordinator.started), root set: \(coordinator.root?.coordinator === coordinator)",
            "settings: \(coordinator.root?.settings.title ?? ""), \(coordinator.root?.settings.settings.units ?? "")",
            "mediator: \((linked as? HarborLink)?.path ?? "none")",
            "router: \((routed as? HarborLink)?.path ?? "none")",
            "log: \(logger.lines.joined(separator: "; "))",
        ].joined(separator: "\n")
    }
}
