/// Sees every component the factory builds, after its properties and methods are injected and before
/// its afterInjections hooks, and may return a replacement of the same type (a proxy, say).
/// Post-processors run by ``order`` (lowest first), then as given to the factory, then as the activated
/// assemblies declare them (``Assembly/instancePostProcessors``).
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

    /// When this post-processor runs relative to the others: lowest first. The default is 0.
    var order: Int { get }
}

extension InstancePostProcessor {
    public var order: Int { 0 }
}
