/// A type that says how it is built, so that resolving it by type needs no definition (Objection's
/// implicit components): the factory registers it the first time it is asked for, in its
/// ``implicitScope``.
///
/// ```swift
/// final class Clock: ImplicitComponent {
///     init(resolver: Resolver) throws {}
/// }
/// final class Scheduler: ImplicitComponent {
///     static var implicitScope: Scope { .lazySingleton }
///     let clock: Clock
///     init(resolver: Resolver) throws { clock = try resolver.resolve(Clock.self) }
/// }
///
/// let scheduler = try factory.resolve(Scheduler.self)   // no assembly mentions Scheduler or Clock
/// ```
///
/// A definition that declares the type wins: implicit registration is only for types no definition
/// declares. Injection by type (`.byType()`) and `validate()` know implicit components too. What the
/// initializer resolves is invisible until it runs, as for `Definition(resolving:)`.
public protocol ImplicitComponent: SendableMetatype {
    /// Builds the component, resolving what it needs through `resolver`.
    init(resolver: Resolver) throws
    /// How long built components live; ``Scope/objectGraph`` unless the type says otherwise.
    static var implicitScope: Scope { get }
}

extension ImplicitComponent {
    public static var implicitScope: Scope { .objectGraph }
}
