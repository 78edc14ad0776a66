/// Registry entries by a key whose hash is computed once (a call site's mix, a type's metadata address):
/// open addressing with linear probing, so a lookup is a mask, a probe and one comparison — no `Hasher`,
/// no string. The resolution path uses it for lookups by call site (`DefinitionIdentity`) and the warm
/// path by type (`TypeKey`). Immutable once built.
@usableFromInline
struct EntryTable<Key: EntryTableKey>: Sendable {
    @usableFromInline let keys: [Key?]
    @usableFromInline let entries: [RegistryEntry?]
    @usableFromInline let mask: Int

    init(_ pairs: [(Key, RegistryEntry)]) {
        let capacity = entryTableCapacity(for: pairs.count)
        var keys = [Key?](repeating: nil, count: capacity)
        var entries = [RegistryEntry?](repeating: nil, count: capacity)
        for (key, entry) in pairs {
            var index = Int(truncatingIfNeeded: key.tableHash) & (capacity - 1)
            while let occupant = keys[index], occupant != key { index = (index + 1) & (capacity - 1) }
            keys[index] = key
            entries[index] = entry
        }
        self.keys = keys
        self.entries = entries
        self.mask = capacity - 1
    }

    /// The entry registered under `key`, or `nil`.
    @inlinable
    subscript(key: Key) -> RegistryEntry? {
        var index = Int(truncatingIfNeeded: key.tableHash) & mask
        while let occupant = keys[index] {
            if occupant.isIdenticalKey(to: key) { return entries[index] }
            index = (index + 1) & mask
        }
        return Key.hasSlowEquality ? equalEntry(key) : nil
    }

    /// The entry whose key equals `key` without being identical to it (see
    /// ``EntryTableKey/isIdenticalKey(to:)``): the rare path.
    @usableFromInline
    func equalEntry(_ key: Key) -> RegistryEntry? {
        var index = Int(truncatingIfNeeded: key.tableHash) & mask
        while let occupant = keys[index] {
            if occupant == key { return entries[index] }
            index = (index + 1) & mask
        }
        return nil
    }
}

/// Registry entries by call site: each slot holds an identity's hash and its entry, and the identity
/// itself is read from the entry when the hash matches. A slot of two words rather than a whole
/// identity (nine) keeps the table — at 10,000 definitions a quarter of the registry's memory when it
/// held identities — small. Immutable once built.
@usableFromInline
struct IdentityTable: Sendable {
    /// Each slot's identity hash with its lowest bit set; 0 marks an empty slot.
    @usableFromInline let hashes: [UInt]
    @usableFromInline let entries: [RegistryEntry?]
    @usableFromInline let mask: Int

    init(_ entries: [RegistryEntry]) {
        let capacity = entryTableCapacity(for: entries.count)
        var hashes = [UInt](repeating: 0, count: capacity)
        var slots = [RegistryEntry?](repeating: nil, count: capacity)
        for entry in entries {
            let marked = entry.declaration.identity.mixed | 1
            var index = Int(truncatingIfNeeded: marked) & (capacity - 1)
            while hashes[index] != 0 { index = (index + 1) & (capacity - 1) }
            hashes[index] = marked
            slots[index] = entry
        }
        self.hashes = hashes
        self.entries = slots
        self.mask = capacity - 1
    }

    /// The entry registered under `identity`, or `nil`.
    @inlinable
    subscript(identity: DefinitionIdentity) -> RegistryEntry? {
        let marked = identity.mixed | 1
        var index = Int(truncatingIfNeeded: marked) & mask
        while hashes[index] != 0 {
            if hashes[index] == marked, let entry = entries[index], entry.declaration.identity.isIdenticalKey(to: identity) { return entry }
            index = (index + 1) & mask
        }
        return equalEntry(identity)
    }

    /// The entry whose identity equals `identity` without being identical to it (its `#fileID` stored
    /// elsewhere): the rare path.
    @usableFromInline
    func equalEntry(_ identity: DefinitionIdentity) -> RegistryEntry? {
        let marked = identity.mixed | 1
        var index = Int(truncatingIfNeeded: marked) & mask
        while hashes[index] != 0 {
            if hashes[index] == marked, let entry = entries[index], entry.declaration.identity == identity { return entry }
            index = (index + 1) & mask
        }
        return nil
    }
}

/// A key of an ``EntryTable``: equatable, with a well-mixed hash that costs nothing to read.
@usableFromInline
protocol EntryTableKey: Equatable, Sendable {
    var tableHash: UInt { get }
    /// Equality as it holds almost always, cheaper than `==`: what every probe compares first.
    func isIdenticalKey(to other: Self) -> Bool
    /// Whether a key can equal another without being identical to it, so that a miss looks again with
    /// `==`.
    static var hasSlowEquality: Bool { get }
}

extension DefinitionIdentity: EntryTableKey {
    @inlinable var tableHash: UInt { mixed }

    /// Same call site with its `#fileID` at the same address; an equal identity whose literal is stored
    /// elsewhere is found by the second look.
    @inlinable
    func isIdenticalKey(to other: Self) -> Bool {
        mixed == other.mixed && line == other.line && column == other.column && fileAddress == other.fileAddress
            && assembly == other.assembly
    }

    @inlinable static var hasSlowEquality: Bool { true }
}

/// A type, as the key of the sole-entry-by-type table.
@usableFromInline
struct TypeKey: EntryTableKey {
    @usableFromInline let type: ObjectIdentifier

    @inlinable
    init(_ type: ObjectIdentifier) {
        self.type = type
    }

    @inlinable func isIdenticalKey(to other: Self) -> Bool { type == other.type }
    @inlinable static var hasSlowEquality: Bool { false }

    /// Fibonacci hashing of the metadata address (its low bits are alignment zeros).
    @inlinable var tableHash: UInt { (UInt(bitPattern: type) &>> 4) &* 0x9E37_79B9_7F4A_7C15 }
}

/// The slots of a registry table for `count` keys: a power of two, at most a quarter full for the graphs
/// of real apps, so that probe lengths stay near one whatever addresses the keys hash; half full for very
/// large ones, where the table's memory dominates.
func entryTableCapacity(for count: Int) -> Int {
    var capacity = 16
    while capacity < count * (count <= 1_024 ? 4 : 2) { capacity *= 2 }
    return capacity
}
