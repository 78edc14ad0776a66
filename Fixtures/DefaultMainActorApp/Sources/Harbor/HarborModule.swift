import Foundation
import Monsoon
import MonsoonLifecycle
import MonsoonRouter

/// The harbor feature as a lifecycle module (MonsoonLifecycle): its assemblies, and its routes once the
/// factory exists. `nonisolated`, as the docs ask: the module host calls it from whatever thread starts it.
nonisolated public final class HarborModule: LifecycleModule {
    public init() {}

    public var assemblies: [Assembly] { [PresentationAssembly(), NavigationAssembly()] }

    public func setUp(_ context: ModuleContext) throws {
        try context.factory.resolve(Router.self).register("harbor://links/:name", to: ServiceAssembly.link(harbor:))
    }
}

extension HarborApp {
    /// The manifest that starts the app as modules.
    public static var modulesManifestURL: URL? { Bundle.module.url(forResource: "modules", withExtension: "json") }
}
