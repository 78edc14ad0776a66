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
    /// - Throws: ``ResolutionError/Kind/factoryReleased`` once the factory is gone.
    public func get() throws(ResolutionError) -> BlockComponentFactory {
        guard let factory else { throw .factoryReleased(subject: "the factory") }
        return factory
    }
}

/// Builds the component of one definition on demand: a narrow, typed stand-in for the factory.
///
/// ```swift
/// final class Barracks {
///     let recruit: Provider<Knight>
///     init(recruit: Provider<Knight>) { self.recruit = recruit }
///     func muster() throws -> Knight { try recruit() }
/// }
/// func barracks() -> Definition<Barracks> { define { Definition(Barracks.init(recruit:), .provider(knight())) } }
/// ```
///
/// Each call is a resolution of its own (or joins the one running on the thread), obeying the
/// definition's scope. Like ``FactoryReference``, it holds the factory weakly.
public struct Provider<T>: Sendable {
    let factory: FactoryReference
    let reference: DefinitionReference

    /// Resolves the definition.
    ///
    /// - Throws: ``ResolutionError``, including ``ResolutionError/Kind/factoryReleased``.
    public func callAsFunction() throws(ResolutionError) -> T {
        let factory = try factory.get()
        let entry = try factory.entry(for: reference, declaredType: T.self, path: [])
        return try factory.withResolution { context throws(ResolutionError) in
            try context.component(of: entry, as: T.self)
        }
    }
}

extension Injectable {
    /// Injects a weak handle on the factory that builds the component.
    public static func factory() -> Injection<FactoryReference> where Self == Injection<FactoryReference> {
        Injection(target: .opaque) { resolver in resolver.factory }
    }

    /// Injects a ``Provider`` that builds `definition`'s component each time it is called.
    public static func provider<V>(_ definition: Definition<V>) -> Injection<Provider<V>> where Self == Injection<Provider<V>> {
        let reference = definition.reference
        return Injection(target: .provider(reference)) { resolver in
            Provider(factory: resolver.factory, reference: reference)
        }
    }
}
