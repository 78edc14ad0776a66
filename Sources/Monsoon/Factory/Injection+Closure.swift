extension Injectable {
    /// Injects a plain closure that builds `definition`'s component each time it is called, obeying the
    /// definition's scope: what ``provider(_:)`` does, as a type from the standard library, so that a
    /// component taking it need not import Monsoon.
    ///
    /// ```swift
    /// final class Barracks {
    ///     let recruit: () throws -> Squire
    ///     init(recruit: @escaping () throws -> Squire) { self.recruit = recruit }
    /// }
    /// func barracks() -> Definition<Barracks> { define { Definition(Barracks.init(recruit:), .closure(squire())) } }
    /// ```
    ///
    /// The closure holds the factory weakly; called after the factory is released it throws
    /// ``ResolutionError/Kind/factoryReleased``. Like a provider, it never makes an initializer cycle.
    public static func closure<V>(
        _ definition: Definition<V>
    ) -> Injection<@Sendable () throws -> V> where Self == Injection<@Sendable () throws -> V> {
        let reference = definition.reference
        return Injection(target: .provider(reference)) { resolver in
            let provider = Provider<V>(factory: resolver.factory, reference: reference)
            return { try provider() }
        }
    }
}
