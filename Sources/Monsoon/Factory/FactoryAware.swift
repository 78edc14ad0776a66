/// A component that wants the factory that built it, to build more components later (Typhoon's
/// `TyphoonComponentFactoryAware`).
///
/// ```swift
/// final class Stable: FactoryAware {
///     private var factory: FactoryReference?
///     func setFactory(_ factory: FactoryReference) { self.factory = factory }
///     func newHorse() throws -> Horse? { try factory?.get().resolve(Horse.self) }
/// }
/// func stable() -> Definition<Stable> { define { Definition(Stable.init) } }   // nothing else to write
/// ```
///
/// The compiler sees the conformance where the definition is declared (`Definition<Stable>`) and picks
/// the form of `define` that adds the call, so nothing is checked at run time. A definition declaring
/// a protocol or a superclass instead (`Definition<any Stabling>`) does not know its component is
/// factory-aware: inject `.factory()` there. The reference is weak, as ``FactoryReference`` explains.
public protocol FactoryAware: AnyObject, SendableMetatype {
    /// Called once per build, after the component's own property and method injections and before its
    /// afterInjections hooks.
    func setFactory(_ factory: FactoryReference)
}
