/// What can be known about one definition without building it: the one public view of a definition,
/// used by ``BlockComponentFactory/definitions``, the activation report, the dependency graph's nodes
/// and a definition post-processor's ``RegisteredDefinition/info``.
///
/// ```swift
/// for definition in factory.definitions where definition.scope == .singleton {
///     print(definition.key, definition.typeName, definition.location)
/// }
/// ```
public struct DefinitionInfo: Sendable, Hashable, CustomStringConvertible {
    /// The definition's key: assembly type and method, like `QuestAssembly.knight()`.
    public let key: String
    /// The type its `Definition<T>` declares, which resolution by type finds.
    public let declaredType: Any.Type
    /// `declaredType`'s name, as messages print it (`any Quest`).
    public let typeName: String
    /// The scope it is built in: declared, inherited from its parent, or `objectGraph`.
    public let scope: Scope
    /// Whether it is abstract: only ever a parent, never built.
    public let isAbstract: Bool
    /// Where it was written, like `MyApp/QuestAssembly.swift:12`.
    public let location: String
    /// Whether some of its injections are closures, whose dependencies are invisible until they run.
    public let hasOpaqueInjections: Bool
    /// Whether its initializer (its own or inherited) is `async`: it, and everything that injects it,
    /// is resolved with `try await`.
    public let isAsync: Bool
    /// Whether it is built on the main actor (its initializer or a hook is isolated to it).
    public let isMainActor: Bool

    /// - Parameters:
    ///   - isAsync: whether the initializer, its own or inherited, is async; the definition's own when `nil`.
    ///   - isMainActor: the same for main-actor isolation.
    init(key: String, definition: AnyDefinition, scope: Scope, isAsync: Bool? = nil, isMainActor: Bool? = nil) {
        let isAsync = isAsync ?? definition.isAsync
        let isMainActor = isMainActor ?? definition.isMainActor
        self.isAsync = isAsync
        self.isMainActor = isMainActor
        self.key = key
        self.declaredType = definition.declaredType
        self.typeName = Monsoon.typeName(definition.declaredType)
        self.scope = scope
        self.isAbstract = definition.isAbstract
        self.location = definition.location
        self.hasOpaqueInjections = definition.dependencies.contains { if case .opaque = $0.target { true } else { false } }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key == rhs.key && lhs.declaredType == rhs.declaredType && lhs.scope == rhs.scope && lhs.isAbstract == rhs.isAbstract
            && lhs.location == rhs.location && lhs.hasOpaqueInjections == rhs.hasOpaqueInjections && lhs.isAsync == rhs.isAsync
            && lhs.isMainActor == rhs.isMainActor
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(ObjectIdentifier(declaredType))
    }

    /// `QuestAssembly.knight() lazySingleton Knight (MyApp/QuestAssembly.swift:12)`.
    public var description: String { "\(key) \(scope) \(typeName) (\(location))" }
}

extension RegistryEntry {
    /// This entry as the public view of its definition.
    var info: DefinitionInfo { DefinitionInfo(key: key, definition: definition, scope: scope, isAsync: isAsync, isMainActor: isMainActor) }
}
