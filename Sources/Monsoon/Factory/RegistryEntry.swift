/// One activated definition: its key, effective scope, what it inherits and, for shared scopes, its
/// pool cell.
@usableFromInline
final class RegistryEntry: Sendable {
    @usableFromInline let definition: AnyDefinition
    let scope: Scope
    let poolKey: PoolKey
    /// The activated assembly's type name: the part of the key before the method. Shared by every entry
    /// of the assembly.
    let assemblyName: String
    /// The key of an entry made for argument values, which it names; `nil` for a registered entry.
    private let keyWithArguments: String?
    /// `QuestAssembly.knight()`: formatted when read (messages, lookups by key, instance post-processors),
    /// so that activation builds no string per definition.
    @usableFromInline var key: String {
        keyWithArguments ?? DefinitionKey(assembly: assemblyName, method: definition.function).description
    }
    /// The merged steps of the parent chain, root first; `nil` without a parent.
    @usableFromInline let inherited: InheritedSteps?
    /// Whether `inherited` is set: tested on every build without copying the steps.
    @usableFromInline let hasParent: Bool
    /// The factory-wide pool slot for singleton, lazySingleton and weakSingleton components.
    @usableFromInline let cell: SharedInstanceCell?
    /// `ObjectIdentifier` of the declared type, compared on the warm path before unboxing.
    @usableFromInline let declaredTypeID: ObjectIdentifier
    /// How to build the component without a resolution, for a definition that needs none: an objectGraph
    /// or prototype whose initializer takes only fixed values and which injects nothing, has no hooks and
    /// no parent. Its build touches no other component, so there is no graph to share and no cycle to
    /// detect; `nil` for every other definition.
    @usableFromInline let detachedMake: (@Sendable (Resolver) throws -> Any)?
    /// Whether the component is built on the main actor: its initializer (its own or inherited) or a
    /// hook is isolated to it.
    let isMainActor: Bool
    /// Whether the component's own or inherited initializer is `async`.
    let isAsync: Bool
    /// What activation found about awaiting (see `AsyncReach`); written only while the factory is being
    /// made, before any other thread can see this entry, which is why it needs neither a lock nor
    /// Swift's dynamic exclusivity check (about 60 instructions on every cold resolution).
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var reach = AsyncReach.Flags()

    /// Whether this is an eager singleton that awaits, which ``BlockComponentFactory/start()`` builds and
    /// has not built yet.
    var awaitsStart: Bool {
        scope == .singleton && !definition.isAbstract && reach.mayAwait && cell?.publishedValue == nil
    }

    /// - Parameters:
    ///   - assemblyName: the activated assembly's type name, which with the method makes the key.
    ///   - keyWithArguments: the whole key, for an entry made for argument values.
    init(assemblyName: String, keyWithArguments: String? = nil, definition: AnyDefinition, scope: Scope, inherited: InheritedSteps?) {
        self.assemblyName = assemblyName
        self.keyWithArguments = keyWithArguments
        self.definition = definition
        self.scope = scope
        self.poolKey = PoolKey(identity: definition.identity, arguments: definition.arguments)
        self.inherited = inherited
        self.hasParent = inherited != nil
        self.declaredTypeID = ObjectIdentifier(definition.declaredType)
        self.cell = scope.isShared ? SharedInstanceCell(holdsWeakly: scope == .weakSingleton) : nil
        let needsNoResolution = !scope.isShared && inherited == nil && !definition.isAbstract && !definition.injects
            && !definition.hasAfterInjections
            && definition.dependencies.allSatisfy { if case .value = $0.target { true } else { false } }
        self.isMainActor = definition.isMainActor || (inherited?.isMainActor ?? false)
        self.isAsync = definition.isAsync || (!definition.hasInitializer && inherited?.initializerAsync != nil)
        self.detachedMake = needsNoResolution ? definition.behaviour.specializedMake : nil
    }
}
