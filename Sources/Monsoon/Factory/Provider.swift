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
    /// - Throws: ``ResolutionError``, including `ErrorKind.factoryReleased`.
    public func callAsFunction() throws(ResolutionError) -> T {
        let factory = try factory.get()
        return try factory.reportingFailure { () throws(ResolutionError) in
            let entry = try factory.entry(for: reference, declaredType: T.self, path: [])
            return try factory.withResolution(of: .entry(entry)) { context throws(ResolutionError) in
                try context.calledFromInitializer(as: "Provider", of: entry) { () throws(ResolutionError) in try context.component(of: entry, as: T.self) }
            }
        }
    }
}

extension Provider {
    /// The component, awaiting whatever its build must await: an async initializer, or the main actor
    /// for a main-actor component called from elsewhere.
    ///
    /// - Throws: ``ResolutionError``, `ErrorKind.factoryReleased` when the factory is gone, or
    ///   `CancellationError`.
    nonisolated(nonsending)
    public func callAsFunction() async throws -> T {
        let factory = try factory.get()
        return try await factory.reportingFailure {
            try await factory.resolveAsync(factory.entry(for: reference, declaredType: T.self, path: []), as: T.self)
        }
    }
}

extension Injectable {
    /// Injects a ``Provider`` that builds `definition`'s component each time it is called.
    public static func provider<V>(_ definition: Definition<V>) -> Injection<Provider<V>> where Self == Injection<Provider<V>> {
        let reference = definition.reference
        return Injection(target: .provider(reference)) { resolver in
            Provider(factory: resolver.factory, reference: reference)
        }
    }
}
