/// A weak handle on a factory, for components that build more components later (Objection's object
/// factory). Holding the factory itself from a singleton would keep the factory alive forever — the
/// factory holds the singleton — so components hold this instead.
///
/// ```swift
/// final class Stable {
///     let factory: FactoryReference
///     init(factory: FactoryReference) { self.factory = factory }
///     func newHorse() throws -> Horse { try factory.get().resolve(Horse.self) }
/// }
/// func stable() -> Definition<Stable> { define { Definition(Stable.init(factory:), .factory()) } }
/// ```
public final class FactoryReference: Sendable {
    private weak let factory: BlockComponentFactory?

    init(_ factory: BlockComponentFactory?) {
        self.factory = factory
    }

    /// The factory.
    ///
    /// - Throws: `ErrorKind.factoryReleased` once the factory is gone.
    public func get() throws(ResolutionError) -> BlockComponentFactory {
        guard let factory else { throw .factoryReleased(subject: "the factory") }
        return factory
    }
}

extension Injectable {
    /// Injects a weak handle on the factory that builds the component.
    public static func factory() -> Injection<FactoryReference> where Self == Injection<FactoryReference> {
        Injection(target: .factory) { resolver in resolver.factory }
    }
}
