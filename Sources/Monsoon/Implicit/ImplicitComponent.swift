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

/// The entries of implicit components and of the factory's own reference, made when first asked for.
final class ImplicitEntries: Sendable {
    private let entries = Locked<[ObjectIdentifier: RegistryEntry]>([:])

    /// The entry for `type` if it can be resolved without a definition: an ``ImplicitComponent``, or
    /// ``FactoryReference`` (the factory, held weakly); `nil` otherwise.
    func entry(for type: Any.Type) -> RegistryEntry? {
        let id = ObjectIdentifier(type)
        if let existing = entries.withLock({ $0[id] }) { return existing }
        guard let made = Self.make(for: type) else { return nil }
        return entries.withLock { entries in
            if let raced = entries[id] { return raced }
            entries[id] = made
            return made
        }
    }

    /// Whether `type` is resolved without a definition when none declares it.
    static func isImplicit(_ type: Any.Type) -> Bool {
        type == FactoryReference.self || type is any ImplicitComponent.Type
    }

    private static func make(for type: Any.Type) -> RegistryEntry? {
        if type == FactoryReference.self {
            return entry(Definition<FactoryReference>(resolving: { resolver in resolver.factory }), scope: .prototype)
        }
        guard let implicit = type as? any ImplicitComponent.Type else { return nil }
        return make(implicit)
    }

    private static func make<C: ImplicitComponent>(_ type: C.Type) -> RegistryEntry {
        entry(Definition<C>(resolving: { resolver in try C(resolver: resolver) }), scope: C.implicitScope)
    }

    private static func entry<T>(_ definition: Definition<T>, scope: Scope) -> RegistryEntry {
        RegistryEntry(assemblyName: "", keyWithArguments: "\(typeName(T.self)) (implicit)", definition: definition.erased, scope: scope,
                      inherited: nil)
    }
}
