import Synchronization

/// The only owner of a factory's entries, whatever made them, and the only way to find one.
///
/// Entries come from four makers and live in two places:
/// - **Listed** (`registry`): what activation registered — the definitions the assemblies list, and what
///   their bodies reach by reference. Immutable from activation on, so lookups take no lock; the warm
///   path reads it inline.
/// - **Later** (one table under one lock), for what exists only once something asks for it:
///   - *reached*: a definition no assembly lists, which a parameterized body reached after
///     activation; registered when that body runs (see `Preparation`);
///   - *implicit*: an ``ImplicitComponent`` type or ``FactoryReference``, made the first time it is
///     resolved by type;
///   - *parameterized*: a parameterized definition's entry for one set of argument values, kept when its
///     scope shares components (its pool cell lives in the entry). An objectGraph or prototype one is
///     kept by the resolution that asked for it, because its graph shares it and the next resolution
///     must not.
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
        registeredEntry(identifiedBy: identity) != nil
    }

    /// The entry of a definition's call site, listed or reached and registered since.
    func registeredEntry(identifiedBy identity: DefinitionIdentity) -> RegistryEntry? {
        registry.entry(identifiedBy: identity) ?? later.reached(identity)
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
    func entries(declaring type: Any.Type) -> EntriesOfType? {
        registry.entries(declaring: ObjectIdentifier(type))
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
    /// for them, or `make`'s, kept here when its scope shares components. An objectGraph or prototype
    /// entry is kept by the resolution that asked (`ResolutionContext.entry(for:declaredType:)`), not
    /// here: its graph shares it, the next resolution must not. `make` runs with no lock held.
    func parameterizedEntry(
        for reference: DefinitionReference, make: () throws(ResolutionError) -> RegistryEntry
    ) throws(ResolutionError) -> RegistryEntry {
        let poolKey = reference.poolKey
        if let kept = later.tables.withLock({ $0.parameterized[poolKey] }) { return kept }
        let entry = try make()
        guard entry.scope.isShared else { return entry }
        return later.tables.withLock { tables in
            if let raced = tables.parameterized[poolKey] { return raced }
            tables.parameterized[poolKey] = entry
            return entry
        }
    }

    // MARK: Registering after activation

    /// Registers a definition a body reached that no assembly lists (during a preparation pass only).
    func register(reached entry: RegistryEntry) {
        later.tables.withLock { tables in
            tables.reached[entry.definition.identity] = entry
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

    /// Every entry of the scope named as `scope` is, whatever made it (listed, reached, implicit,
    /// parameterized): the pools ``BlockComponentFactory/reset(_:)`` empties. By name: a name is one
    /// scope (activation refuses two that differ in holding or eagerness).
    func entries(in scope: Scope) -> [RegistryEntry] {
        allEntries.filter { $0.scope.number == scope.number }
    }

    /// Every entry, whatever made it (listed, reached, implicit, parameterized).
    var allEntries: [RegistryEntry] {
        listedEntries + later.tables.withLock { $0.reachedInOrder + Array($0.implicit.values) + Array($0.parameterized.values) }
    }

    /// Every listed key, in registration order.
    var keys: [String] { registry.keys }

    /// The names of the types listed definitions declare, sorted: for messages.
    var typeNames: [String] { registry.typeNames }

    /// Module bindings by the name they were given, eager-singleton markers included.
    var byBindingName: [String: [RegistryEntry]] { registry.byBindingName }

    /// Every type that several listed entries declare (or expose), with those entries.
    var typesDeclaredSeveralTimes: [ObjectIdentifier: [RegistryEntry]] { registry.severalByType }
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
    /// The types several definitions declare, with their entries in registration order. Most types of an
    /// app have one definition: those are only in `soleByType`, so that activation makes no array and
    /// hashes no type for them.
    let severalByType: [ObjectIdentifier: [RegistryEntry]]
    /// The types exactly one definition declares, for the warm path.
    @usableFromInline let soleByType: EntryTable
    /// Module bindings by the name they were given (`binder.bind(…, named:)`), eager-singleton markers
    /// included.
    let byBindingName: [String: [RegistryEntry]]

    /// `aliases`: call sites of a replaced assembly's methods, with the replacement's entry.
    init(entries: [RegistryEntry], aliases: [(DefinitionIdentity, RegistryEntry)] = []) {
        self.entries = entries
        // Grouped through a table that hashes no type per entry; an array (`all`) only from a type's second
        // entry on. Sized for a type per entry, as an app's definitions mostly are: growing by doubling
        // cost 5f about 100 instructions per definition, the unused room costs a factory of a single
        // type about 60.
        var typeGroups = IndexTable()
        typeGroups.reserve(entries.count)
        var groups: [TypeGroup] = []
        groups.reserveCapacity(entries.count)
        func add(_ entry: RegistryEntry, at position: Int, under type: ObjectIdentifier) {
            let hash = TypeKey(type).tableHash
            if let group = typeGroups.find(hash: hash, where: { groups[$0].type == type }) {
                if groups[group].all.isEmpty { groups[group].all = [groups[group].first, entry] } else { groups[group].all.append(entry) }
            } else {
                typeGroups.insert(groups.count, hash: hash)
                groups.append(TypeGroup(type: type, first: entry, position: position))
            }
        }
        var byBindingName: [String: [RegistryEntry]] = [:]
        for (position, entry) in entries.enumerated() {
            let declaration = entry.definition
            if declaration.isFoundByNameOnly { byBindingName[declaration.function, default: []].append(entry) }
            if !declaration.isAbstract, !declaration.isFoundByNameOnly {
                add(entry, at: position, under: entry.declaredTypeID)
                for exposed in declaration.exposedTypes where exposed != declaration.declaredType {
                    add(entry, at: position, under: ObjectIdentifier(exposed))
                }
            }
        }
        // Identities are unique among entries (activation reports a shared site); an alias is the call
        // site of a method no activated assembly lists, so it never meets an entry's.
        self.byIdentity = IdentityTable(entries)
        self.aliases = Dictionary(aliases, uniquingKeysWith: { first, _ in first })
        self.byKey = LazyKeyIndex(entries)
        self.severalByType = Dictionary(uniqueKeysWithValues: groups.lazy.filter { !$0.all.isEmpty }.map { ($0.type, $0.all) })
        self.byBindingName = byBindingName
        self.soleByType = EntryTable(groups.compactMap { $0.all.isEmpty ? (TypeKey($0.type), $0.position) : nil }, in: entries)
    }

    /// The entries declaring the type, or `nil` when none does.
    func entries(declaring type: ObjectIdentifier) -> EntriesOfType? {
        if let sole = soleEntry(declaring: type) { return EntriesOfType(sole: sole) }
        return severalByType.isEmpty ? nil : severalByType[type].map(EntriesOfType.init)
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
        Array(Set(entries.filter { !$0.definition.isAbstract }.map { typeName($0.definition.declaredType) })).sorted()
    }
}

/// The entries of one type while a registry groups them (a struct, not a tuple: an array of tuples is
/// destroyed through the tuple's generic metadata, element by element).
private struct TypeGroup {
    let type: ObjectIdentifier
    let first: RegistryEntry
    /// Where `first` is in the registry's entries.
    let position: Int
    /// Every entry, once there are two or more; empty until then.
    var all: [RegistryEntry] = []
}

/// The listed entries declaring one type, in registration order: the one entry most types have, held
/// without an array, or several.
struct EntriesOfType: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private let sole: RegistryEntry?
    private let several: [RegistryEntry]

    init(sole: RegistryEntry) {
        self.sole = sole
        self.several = []
    }

    init(_ several: [RegistryEntry]) {
        self.sole = nil
        self.several = several
    }

    init(arrayLiteral entries: RegistryEntry...) {
        self.init(entries)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { sole == nil ? several.count : 1 }
    subscript(position: Int) -> RegistryEntry { sole ?? several[position] }
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

/// The sole entry of each type, for the warm path: open addressing with linear probing on a hash of the
/// metadata address, so a lookup is a mask, a probe and one comparison — no `Hasher`. Immutable once built.
///
/// A slot holds the position of its entry in the registry's entries, not the entry: a table of plain
/// values is filled and freed without a reference count per slot. With `RegistryEntry?` slots, tearing a
/// factory down destroyed each slot, mostly empty ones, through the optional's value witness.
@usableFromInline
struct EntryTable: Sendable {
    @usableFromInline let slots: [EntrySlot<TypeKey?>]
    /// The registry's entries, which the slots' positions index (the same storage, not a copy).
    @usableFromInline let entries: [RegistryEntry]
    @usableFromInline let mask: Int

    /// - Parameter pairs: each key with the position of its entry in `entries`.
    init(_ pairs: [(TypeKey, Int)], in entries: [RegistryEntry]) {
        let capacity = entryTableCapacity(for: pairs.count)
        var slots = [EntrySlot<TypeKey?>](repeating: EntrySlot(nil, position: 0), count: capacity)
        for (key, position) in pairs {
            var index = Int(truncatingIfNeeded: key.tableHash) & (capacity - 1)
            while let occupant = slots[index].key, occupant != key { index = (index + 1) & (capacity - 1) }
            slots[index] = EntrySlot(key, position: position)
        }
        self.slots = slots
        self.entries = entries
        self.mask = capacity - 1
    }

    /// The entry registered under `key`, or `nil`.
    @inlinable
    subscript(key: TypeKey) -> RegistryEntry? {
        var index = Int(truncatingIfNeeded: key.tableHash) & mask
        while let occupant = slots[index].key {
            if occupant == key { return entries[Int(slots[index].position)] }
            index = (index + 1) & mask
        }
        return nil
    }
}

/// A slot of a registry table: what a probe compares, and where its entry is in the registry's entries.
@usableFromInline
struct EntrySlot<Key: Sendable>: Sendable {
    @usableFromInline let key: Key
    @usableFromInline let position: UInt32

    init(_ key: Key, position: Int) {
        self.key = key
        self.position = UInt32(truncatingIfNeeded: position)
    }
}

/// Registry entries by call site: each slot holds an identity's 32-bit hash and its entry's position
/// (as ``EntryTable``'s do), and the identity itself is read from the entry when the hash matches. A
/// slot of 8 bytes rather than a whole identity (40) keeps the table — at 10,000 definitions a quarter of
/// the registry's memory when it held identities — small. Immutable once built.
@usableFromInline
struct IdentityTable: Sendable {
    /// Each slot's identity hash with its lowest bit set (0 marks an empty slot), and its entry's position.
    @usableFromInline let slots: [EntrySlot<UInt32>]
    /// The registry's entries (the same storage, not a copy).
    @usableFromInline let entries: [RegistryEntry]
    @usableFromInline let mask: Int

    init(_ entries: [RegistryEntry]) {
        let capacity = entryTableCapacity(for: entries.count)
        var slots = [EntrySlot<UInt32>](repeating: EntrySlot(0, position: 0), count: capacity)
        for (position, entry) in entries.enumerated() {
            let (marked, start) = Self.probe(entry.definition.identity, mask: capacity - 1)
            var index = start
            while slots[index].key != 0 { index = (index + 1) & (capacity - 1) }
            slots[index] = EntrySlot(marked, position: position)
        }
        self.slots = slots
        self.entries = entries
        self.mask = capacity - 1
    }

    /// The identity's hash as a slot stores it (its lowest bit set, so never 0), and the slot a probe
    /// starts at, from the hash's other bits: with the set bit, every probe started at an odd slot.
    @inlinable
    static func probe(_ identity: DefinitionIdentity, mask: Int) -> (marked: UInt32, start: Int) {
        (identity.mixed | 1, Int(truncatingIfNeeded: identity.mixed >> 1) & mask)
    }

    /// The entry registered under `identity`, or `nil`.
    @inlinable
    subscript(identity: DefinitionIdentity) -> RegistryEntry? {
        let (marked, start) = Self.probe(identity, mask: mask)
        var index = start
        while slots[index].key != 0 {
            if slots[index].key == marked {
                let entry = entries[Int(slots[index].position)]
                if entry.definition.identity.isIdenticalKey(to: identity) { return entry }
            }
            index = (index + 1) & mask
        }
        return equalEntry(identity)
    }

    /// The entry whose identity equals `identity` without being identical to it (its `#fileID` stored
    /// elsewhere): the rare path.
    @usableFromInline
    func equalEntry(_ identity: DefinitionIdentity) -> RegistryEntry? {
        let (marked, start) = Self.probe(identity, mask: mask)
        var index = start
        while slots[index].key != 0 {
            if slots[index].key == marked, entries[Int(slots[index].position)].definition.identity == identity {
                return entries[Int(slots[index].position)]
            }
            index = (index + 1) & mask
        }
        return nil
    }
}

extension DefinitionIdentity {
    /// Same call site with its `#fileID` at the same address; an equal identity whose literal is stored
    /// elsewhere is found by the second look.
    @inlinable
    func isIdenticalKey(to other: Self) -> Bool {
        mixed == other.mixed && line == other.line && column == other.column && fileAddress == other.fileAddress
            && assembly == other.assembly
    }
}

/// A type, as the key of the sole-entry-by-type table.
@usableFromInline
struct TypeKey: Equatable, Sendable {
    @usableFromInline let type: ObjectIdentifier

    @inlinable
    init(_ type: ObjectIdentifier) {
        self.type = type
    }

    /// Fibonacci hashing of the metadata address (its low bits are alignment zeros).
    @inlinable var tableHash: UInt { (UInt(bitPattern: type) &>> 4) &* 0x9E37_79B9_7F4A_7C15 }
}

/// The slots of a registry table for `count` keys: a power of two, at most a quarter full for the graphs
/// of real apps, so that probe lengths stay near one whatever addresses the keys hash; at most two thirds
/// full for very large ones, where the table's memory dominates: with 8-byte slots the half-full limit
/// costs 10,000 definitions 26 bytes each in the identity table alone, and 61% full 13, with a hit
/// expected in 1.8 probes.
func entryTableCapacity(for count: Int) -> Int {
    var capacity = 16
    while capacity < (count <= 1_024 ? count * 4 : count + count / 2) { capacity *= 2 }
    return capacity
}
