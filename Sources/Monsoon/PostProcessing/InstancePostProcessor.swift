/// Sees every component the factory builds, after its properties and methods are injected and before
/// its afterInjections hooks, and may return a replacement of the same type (a proxy, say).
/// Post-processors run in the order given to the factory.
///
/// ```swift
/// struct BuildCounter: InstancePostProcessor {
///     let counts: Counter
///     func process(_ instance: Any, key: String) -> Any { counts.increment(key); return instance }
/// }
/// ```
public protocol InstancePostProcessor: Sendable {
    /// Returns the instance to hand out: `instance` itself or a replacement of the definition's type.
    func process(_ instance: Any, key: String) -> Any
}
