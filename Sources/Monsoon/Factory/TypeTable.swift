/// The entry of each type that exactly one definition declares, for the warm path of resolution by type:
/// open addressing on the type's metadata address, so a lookup is a multiply, a mask and a comparison —
/// no `Hasher`. Immutable once built.
@usableFromInline
struct TypeTable: Sendable {
    @usableFromInline let keys: [UInt]
    @usableFromInline let entries: [RegistryEntry?]
    @usableFromInline let mask: Int

    init(_ pairs: [(ObjectIdentifier, RegistryEntry)]) {
        var capacity = 16
        while capacity < pairs.count * 2 { capacity *= 2 }
        var keys = [UInt](repeating: 0, count: capacity)
        var entries = [RegistryEntry?](repeating: nil, count: capacity)
        for (type, entry) in pairs {
            let key = UInt(bitPattern: type)
            var index = Self.home(key, mask: capacity - 1)
            while keys[index] != 0 { index = (index + 1) & (capacity - 1) }
            keys[index] = key
            entries[index] = entry
        }
        self.keys = keys
        self.entries = entries
        self.mask = capacity - 1
    }

    @inlinable
    static func home(_ key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &>> 4) &* 0x9E37_79B9_7F4A_7C15) & mask
    }

    /// The sole entry declaring `type`, or `nil`.
    @inlinable
    subscript(type: ObjectIdentifier) -> RegistryEntry? {
        let key = UInt(bitPattern: type)
        var index = Self.home(key, mask: mask)
        while true {
            let found = keys[index]
            if found == key { return entries[index] }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }
}
