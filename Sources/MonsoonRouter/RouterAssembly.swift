import Monsoon

/// Makes the factory's ``Router``: activate it (or list it in the manifest) and inject the router with
/// `.byType()`; features register their routes when they start (see MonsoonLifecycle).
public final class RouterAssembly: Assembly, ManifestLoadable {
    public required override init() {}

    public override var definitions: [any ComponentDefinition] { [router()] }

    /// One router per factory.
    public func router() -> Definition<Router> {
        define { Definition(Router.init(factory:), .factory()).scope(.lazySingleton) }
    }
}
