import Synchronization

/// The activated definitions of one factory, indexed every way resolution looks them up. Immutable
/// after activation, so lookups take no lock.
@usableFromInline
struct Registry: Sendable {
    /// In activation order: assembly order, then each assembly's `definitions` order.
    let entries: [RegistryEntry]
    @usableFromInline let byIdentity: IdentityTable
    /// Call sites of a replaced assembly's methods, with the replacement's entry: looked up when
    /// `byIdentity` misses.
    let aliases: [DefinitionIdentity: RegistryEntry]
    /// Entries by key, made on the first lookup by key: activation makes no key strings.
    private let byKey: LazyKeyIndex
    let byType: [ObjectIdentifier: [RegistryEntry]]
    /// The types exactly one definition declares, for the warm path.
    @usableFromInline let soleByType: EntryTable<TypeKey>
    /// Whether any entry is a deferred definition's stub.
    let hasDeferred: Bool
    /// Module bindings by the name they were given (`binder.bind(…, named:)`), eager-singleton markers
    /// included.
    let byBindingName: [String: [RegistryEntry]]

    /// `aliases`: call sites of a replaced assembly's methods, with the replacement's entry.
    init(entries: [RegistryEntry], aliases: [(DefinitionIdentity, RegistryEntry)] = []) {
        self.entries = entries
        self.hasDeferred = entries.contains { $0.stage == .declared }
        // Grouped through a table that hashes no type per entry, then made a dictionary per type.
        var typeGroups = IndexTable()
        var groups: [(type: ObjectIdentifier, entries: [RegistryEntry])] = []
        func add(_ entry: RegistryEntry, under type: ObjectIdentifier) {
            let hash = TypeKey(type).tableHash
            if let group = typeGroups.find(hash: hash, where: { groups[$0].type == type }) {
                groups[group].entries.append(entry)
            } else {
                typeGroups.insert(groups.count, hash: hash)
                groups.append((type, [entry]))
            }
        }
        var byBindingName: [String: [RegistryEntry]] = [:]
        for entry in entries {
            // What `define` declared is enough: a deferred definition's body cannot make it abstract,
            // exposed or a binding.
            let declaration = entry.declaration
            if declaration.isFoundByNameOnly { byBindingName[declaration.function, default: []].append(entry) }
            if !declaration.isAbstract, !declaration.isFoundByNameOnly {
                add(entry, under: entry.declaredTypeID)
                for exposed in declaration.exposedTypes where exposed != declaration.declaredType {
                    add(entry, under: ObjectIdentifier(exposed))
                }
            }
        }
        // Identities are unique among entries (activation reports a shared site); an alias is the call
        // site of a method no activated assembly lists, so it never meets an entry's.
        self.byIdentity = IdentityTable(entries)
        self.aliases = Dictionary(aliases, uniquingKeysWith: { first, _ in first })
        self.byKey = LazyKeyIndex(entries)
        let byType = Dictionary(uniqueKeysWithValues: groups.map { ($0.type, $0.entries) })
        self.byType = byType
        self.byBindingName = byBindingName
        self.soleByType = EntryTable(byType.compactMap { type, entries in entries.count == 1 ? (TypeKey(type), entries[0]) : nil })
    }

    /// The registered entry with this key (`QuestAssembly.knight()`), or `nil`.
    func entry(forKey key: String) -> RegistryEntry? {
        byKey.entry(forKey: key)
    }

    var keys: [String] { entries.map(\.key) }

    /// The only entry declaring the type, or `nil` (none or several: the cold path reports which).
    @inlinable
    func soleEntry(declaring type: ObjectIdentifier) -> RegistryEntry? {
        soleByType[TypeKey(type)]
    }

    /// The registered entry of a definition, by identity.
    @inlinable
    func entry(identifiedBy identity: DefinitionIdentity) -> RegistryEntry? {
        byIdentity[identity] ?? alias(identity)
    }

    @usableFromInline
    func alias(_ identity: DefinitionIdentity) -> RegistryEntry? {
        aliases.isEmpty ? nil : aliases[identity]
    }

    var typeNames: [String] {
        Array(Set(entries.filter { !$0.declaration.isAbstract }.map { typeName($0.declaration.declaredType) })).sorted()
    }
}

/// A registry's entries by key, indexed when first asked: lookups by key are rare (``BlockComponentFactory/resolve(key:)``,
/// replaced assemblies, diagnostics), and formatting a key per definition was a tenth of activation.
/// Published once through an atomic reference, so that lookups after the first take no lock.
private final class LazyKeyIndex: Sendable {
    private final class Index: Sendable {
        let entries: [String: RegistryEntry]
        init(_ entries: [String: RegistryEntry]) { self.entries = entries }
    }

    private let entries: [RegistryEntry]
    private let index = AtomicLazyReference<Index>()

    init(_ entries: [RegistryEntry]) {
        self.entries = entries
    }

    func entry(forKey key: String) -> RegistryEntry? {
        if let index = index.load() { return index.entries[key] }
        // Two threads may both build it; the first stored wins and both read that one. The first entry
        // with a key wins, as activation registers it.
        let built = Index(Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }))
        return index.storeIfNil(built).entries[key]
    }
}
