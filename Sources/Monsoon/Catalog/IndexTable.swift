/// Positions in an array, found by a hash the caller computed and a comparison the caller makes: how
/// activation finds what it listed by call site and by method without a `Hasher` per definition
/// (SipHash was about a fifth of activation) and without copying keys into a table. Open addressing
/// with linear probing, at most half full; it grows by doubling, so adding *n* positions is O(*n*).
struct IndexTable: Sendable {
    /// The hash of each slot's key with its lowest bit set, so that 0 marks an empty slot.
    private var hashes: [UInt]
    private var positions: [Int]
    private var count = 0

    init() {
        hashes = Array(repeating: 0, count: 16)
        positions = Array(repeating: 0, count: 16)
    }

    /// The position whose key has `hash` and for which `matches` is true.
    func find(hash: UInt, where matches: (Int) -> Bool) -> Int? {
        let marked = hash | 1
        let mask = hashes.count - 1
        var index = Int(truncatingIfNeeded: marked >> 1) & mask
        while hashes[index] != 0 {
            if hashes[index] == marked, matches(positions[index]) { return positions[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Makes room for `count` positions in all, so that adding up to that many never grows the table:
    /// activation knows each assembly's count before listing it.
    mutating func reserve(_ count: Int) {
        guard count * 2 > hashes.count else { return }
        var capacity = hashes.count
        while count * 2 > capacity { capacity *= 2 }
        resize(to: capacity)
    }

    /// Adds `position` under `hash`; the caller has checked that its key is not in the table.
    mutating func insert(_ position: Int, hash: UInt) {
        if (count + 1) * 2 > hashes.count { grow() }
        place(position, marked: hash | 1)
        count += 1
    }

    private mutating func place(_ position: Int, marked: UInt) {
        let mask = hashes.count - 1
        var index = Int(truncatingIfNeeded: marked >> 1) & mask
        while hashes[index] != 0 { index = (index + 1) & mask }
        hashes[index] = marked
        positions[index] = position
    }

    private mutating func grow() {
        resize(to: hashes.count * 2)
    }

    private mutating func resize(to capacity: Int) {
        let oldHashes = hashes
        let oldPositions = positions
        hashes = Array(repeating: 0, count: capacity)
        positions = Array(repeating: 0, count: capacity)
        for index in oldHashes.indices where oldHashes[index] != 0 { place(oldPositions[index], marked: oldHashes[index]) }
    }
}
