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
    /// `ErrorKind.factoryReleased`. Like a provider, it never makes an initializer cycle.
    public static func closure<V>(
        _ definition: Definition<V>
    ) -> Injection<@Sendable () throws -> V> where Self == Injection<@Sendable () throws -> V> {
        let reference = definition.reference
        return Injection(target: .synchronousProvider(reference)) { resolver in
            let provider = Provider<V>(factory: resolver.factory, reference: reference)
            return {
                do throws(ResolutionError) {
                    return try provider()
                } catch {
                    throw error.asyncRequired(in: .synchronousProvider("the closure injected with .closure(…)"))
                }
            }
        }
    }
}

extension Injectable {
    /// Injects a plain closure that resolves a parameterized definition method with the arguments it is
    /// called with: a component makes `squire(named:)` components without importing Monsoon.
    ///
    /// ```swift
    /// final class RoundTable {
    ///     let knight: (String) throws -> Knight
    ///     init(knight: @escaping (String) throws -> Knight) { self.knight = knight }
    /// }
    /// func roundTable() -> Definition<RoundTable> {
    ///     define { Definition(RoundTable.init(knight:), .closure(QuestAssembly.knight(named:))) }
    /// }
    /// let lancelot = try factory.resolve(QuestAssembly.roundTable).knight("Lancelot")
    /// ```
    ///
    /// Each call is a resolution of its own, pooled by argument values as the definition's scope says.
    /// Which definitions the method reaches is known only once it is called, so validation treats the
    /// injection like any closure.
    public static func closure<A: Assembly, Argument: Hashable & Sendable, V>(
        _ method: @escaping @Sendable (A) -> (Argument) -> Definition<V>
    ) -> Injection<@Sendable (Argument) throws -> V> where Self == Injection<@Sendable (Argument) throws -> V> {
        Injection(target: .opaque) { resolver in
            let factory = resolver.factory
            return { argument in try factory.get().resolve(method, argument) }
        }
    }

    /// The two-argument form of `closure(_:)` for a parameterized definition of one argument.
    public static func closure<A: Assembly, First: Hashable & Sendable, Second: Hashable & Sendable, V>(
        _ method: @escaping @Sendable (A) -> (First, Second) -> Definition<V>
    ) -> Injection<@Sendable (First, Second) throws -> V> where Self == Injection<@Sendable (First, Second) throws -> V> {
        Injection(target: .opaque) { resolver in
            let factory = resolver.factory
            return { first, second in try factory.get().resolve(method, first, second) }
        }
    }
}
