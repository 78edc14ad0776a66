/// Registry entries by definition identity, for the lookups on the resolution path (a reference being
/// injected, a method reference being resolved). Open addressing on the identity's precomputed mix, so a
/// lookup is a mask, a probe and one field-wise comparison: no `Hasher`, no string. Immutable once built.
@usableFromInline
struct IdentityTable: Sendable {
    @usableFromInline let identities: [DefinitionIdentity?]
    @usableFromInline let entries: [RegistryEntry?]
    @usableFromInline let mask: Int

    init(_ pairs: [(DefinitionIdentity, RegistryEntry)]) {
        var capacity = 16
        while capacity < pairs.count * 2 { capacity *= 2 }
        var identities = [DefinitionIdentity?](repeating: nil, count: capacity)
        var entries = [RegistryEntry?](repeating: nil, count: capacity)
        for (identity, entry) in pairs {
            var index = Int(truncatingIfNeeded: identity.mixed) & (capacity - 1)
            while let occupant = identities[index], occupant != identity { index = (index + 1) & (capacity - 1) }
            identities[index] = identity
            entries[index] = entry
        }
        self.identities = identities
        self.entries = entries
        self.mask = capacity - 1
    }

    /// The entry registered under `identity`, or `nil`.
    @inlinable
    subscript(identity: DefinitionIdentity) -> RegistryEntry? {
        var index = Int(truncatingIfNeeded: identity.mixed) & mask
        while let occupant = identities[index] {
            if occupant == identity { return entries[index] }
            index = (index + 1) & mask
        }
        return nil
    }
}
