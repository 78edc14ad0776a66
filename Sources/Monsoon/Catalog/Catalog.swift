import Synchronization

/// The only owner of a factory's entries, whatever made them, and the only way to find one.
///
/// Entries come from four makers and live in two places:
/// - **Listed** (`registry`): what activation registered — the definitions the assemblies list, and what
///   their bodies reach by reference. Immutable from activation on, so lookups take no lock; the warm
///   path reads it inline.
/// - **Later** (one table under one lock), for what exists only once something asks for it:
///   - *reached*: a definition no assembly lists, which a deferred or parameterized body reached after
///     activation; registered when that body runs (see `Preparation`);
///   - *implicit*: an ``ImplicitComponent`` type or ``FactoryReference``, made the first time it is
///     resolved by type;
///   - *parameterized*: a parameterized definition's entry for one set of argument values, kept when its
///     scope shares components (its pool cell lives in the entry). An objectGraph or prototype one is
///     kept by the resolution that made it (`resolutionEntries`), because a graph shares it and the next
///     resolution must not.
///
/// Every entry, whoever makes it, becomes ready through `Completion`.
@usableFromInline
struct Catalog: Sendable {
    /// What activation registered.
    @usableFromInline let registry: Registry
    /// For references and keys through an assembly a subclass replaced.
    let assemblies: AssemblyDirectory
    private let later = LaterEntries()

    init(registry: Registry, assemblies: AssemblyDirectory) {
        self.registry = registry
        self.assemblies = assemblies
    }

    // MARK: Finding entries

    /// The listed entry of a definition, by its call site: the warm path's lookup.
    @inlinable
    func entry(identifiedBy identity: DefinitionIdentity) -> RegistryEntry? {
        registry.entry(identifiedBy: identity)
    }

    /// The only listed entry declaring the type, or `nil` (none or several): the warm path's lookup.
    @inlinable
    func soleEntry(declaring type: ObjectIdentifier) -> RegistryEntry? {
        registry.soleEntry(declaring: type)
    }

    /// The entry a parameterless reference names: listed, reached since activation, or the one replacing
    /// it on an activated subclass of its assembly.
    func entry(for reference: DefinitionReference) -> RegistryEntry? {
        if let entry = registry.entry(identifiedBy: reference.identity) { return entry }
        if let entry = later.reached(reference.identity) { return entry }
        return assemblies.replacementKey(for: reference).flatMap { registry.entry(forKey: $0) }
    }

    /// Whether a definition's call site is registered: listed, or reached and registered since.
    func isRegistered(_ identity: DefinitionIdentity) -> Bool {
        registry.entry(identifiedBy: identity) != nil || later.reached(identity) != nil
    }

    /// The listed entry with this key (`QuestAssembly.knight()`), or the one replacing it.
    func entry(forKey key: String) -> RegistryEntry? {
        if let entry = registry.entry(forKey: key) { return entry }
        return assemblies.replacementKey(for: key).flatMap { registry.entry(forKey: $0) }
    }

    /// The listed entry with exactly this key, replacement not followed.
    func listedEntry(forKey key: String) -> RegistryEntry? {
        registry.entry(forKey: key)
    }

    /// The listed entries declaring `type` (or exposing it), in registration order; `nil` when none does.
    func entries(declaring type: Any.Type) -> [RegistryEntry]? {
        registry.byType[ObjectIdentifier(type)]
    }

    /// The entry of a type resolved without a definition (an ``ImplicitComponent``, ``FactoryReference``),
    /// made the first time; `nil` for any other type. Consulted only when no listed entry declares it.
    func implicitEntry(for type: Any.Type) -> RegistryEntry? {
        let id = ObjectIdentifier(type)
        if let existing = later.tables.withLock({ $0.implicit[id] }) { return existing }
        guard let made = Completion.implicitEntry(for: type) else { return nil }
        return later.tables.withLock { tables in
            if let raced = tables.implicit[id] { return raced }
            tables.implicit[id] = made
            return made
        }
    }

    /// The entry of a parameterized definition for the argument values `reference` carries: the one kept
    /// for them, or `make`'s, kept where its scope says — in the catalog when it shares components, in
    /// the resolution's `resolutionEntries` otherwise.
    func parameterizedEntry(
        for reference: DefinitionReference, resolutionEntries: inout [PoolKey: RegistryEntry],
        make: () throws(ResolutionError) -> RegistryEntry
    ) throws(ResolutionError) -> RegistryEntry {
        let poolKey = reference.poolKey
        if let kept = resolutionEntries[poolKey] { return kept }
        if let kept = later.tables.withLock({ $0.parameterized[poolKey] }) {
            resolutionEntries[poolKey] = kept
            return kept
        }
        var entry = try make()
        if entry.scope.isShared {
            entry = later.tables.withLock { tables in
                if let raced = tables.parameterized[poolKey] { return raced }
                tables.parameterized[poolKey] = entry
                return entry
            }
        }
        resolutionEntries[poolKey] = entry
        return entry
    }

    // MARK: Registering after activation

    /// Registers a definition a body reached that no assembly lists (during a preparation pass only).
    func register(reached entry: RegistryEntry) {
        later.tables.withLock { tables in
            tables.reached[entry.declaration.identity] = entry
            tables.reachedInOrder.append(entry)
        }
        later.hasReached.store(true, ordering: .releasing)
    }

    // MARK: Every entry

    /// The listed entries, in registration order: assembly order, then each assembly's `definitions`.
    var listedEntries: [RegistryEntry] { registry.entries }

    /// The entries registered since activation because a body reached them, in the order they were.
    var reachedEntries: [RegistryEntry] {
        later.hasReached.load(ordering: .acquiring) ? later.tables.withLock { $0.reachedInOrder } : []
    }

    /// Whether any listed entry is a deferred definition's stub.
    var hasDeferred: Bool { registry.hasDeferred }

    /// Every listed key, in registration order.
    var keys: [String] { registry.keys }

    /// The names of the types listed definitions declare, sorted: for messages.
    var typeNames: [String] { registry.typeNames }

    /// Module bindings by the name they were given, eager-singleton markers included.
    var byBindingName: [String: [RegistryEntry]] { registry.byBindingName }

    /// Every listed type with its entries.
    var byType: [ObjectIdentifier: [RegistryEntry]] { registry.byType }
}

/// The entries made after activation, under one lock (see ``Catalog``).
private final class LaterEntries: Sendable {
    struct Tables {
        var reached: [DefinitionIdentity: RegistryEntry] = [:]
        var reachedInOrder: [RegistryEntry] = []
        var implicit: [ObjectIdentifier: RegistryEntry] = [:]
        var parameterized: [PoolKey: RegistryEntry] = [:]
    }

    let tables = Locked(Tables())
    /// Whether `reached` has any entry: a lookup that misses the listed entries looks there only then.
    let hasReached = Atomic<Bool>(false)

    func reached(_ identity: DefinitionIdentity) -> RegistryEntry? {
        guard hasReached.load(ordering: .acquiring) else { return nil }
        return tables.withLock { $0.reached[identity] }
    }
}
