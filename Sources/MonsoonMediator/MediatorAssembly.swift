import Monsoon

/// Makes the factory's ``Mediator``: activate it (or list it in the manifest) and inject the mediator
/// with `.byType()` into the components that call other features.
public final class MediatorAssembly: Assembly, ManifestLoadable {
    public required override init() {}

    public override var definitions: [any ComponentDefinition] { [mediator()] }

    /// One mediator per factory.
    public func mediator() -> Definition<Mediator> {
        define { Definition(Mediator.init(factory:), .factory()).scope(.lazySingleton) }
    }
}
