/// A JSON object: its members in the order they were first written, found through a hash index.
///
/// Not `[String: JSONValue]`: a dictionary keeps its buckets at most three-quarters full and rounds
/// their number up to a power of two, and grows by doubling with both tables alive, so a configuration
/// of a million keys peaked at 6.9× its file (80 bytes per member for groups of a thousand). Here a
/// member is its key and its value side by side in two arrays, and the index holds only positions, in
/// 2-byte slots up to ``narrowLimit`` members and 4-byte ones beyond, 1⅓ to 2 slots per member. While
/// every value is a string (every value of a properties file, most groups of a configuration) the
/// values are kept as `String`s, 16 bytes, not `JSONValue`s, 24 with their tag: 32 bytes per member
/// then, 40 otherwise. Objects of at most ``linearLimit`` members, the most common in configuration,
/// have no index.
///
/// A later member with a key already present replaces its value where it stands (what JSON readers do
/// with duplicate keys, and what merging does).
///
/// - Complexity: lookups and ``set(_:forKey:)`` are O(1) on average (O(``linearLimit``) without an
///   index); building an object of *n* members is O(*n*).
package struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    package private(set) var keys: [String] = []
    /// The values by member position: in `strings` while every value is a string, else in `mixed`
    /// (and `strings` is empty). Two arrays, not an enum of two, so that each changes in place.
    private var strings: [String] = []
    private var mixed: [JSONValue] = []
    private var isMixed = false
    /// Member position + 1 by hash, 0 where empty: open addressing with linear probing. One of the two
    /// is used, by size; both are empty while the object is small.
    private var narrowSlots: [UInt16] = []
    private var wideSlots: [UInt32] = []

    /// Up to this many members, a lookup compares keys one by one.
    package static let linearLimit = 8
    /// Up to this many members, slots are 2 bytes (a position + 1 must fit `UInt16`).
    package static let narrowLimit = 40_000

    package init() {}

    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { set(value, forKey: key) }
    }

    package init(_ dictionary: [String: JSONValue]) {
        for (key, value) in dictionary { set(value, forKey: key) }
    }

    /// The value at a member's position.
    package func value(at position: Int) -> JSONValue {
        isMixed ? mixed[position] : .string(strings[position])
    }

    package var count: Int { keys.count }
    package var isEmpty: Bool { keys.isEmpty }

    package subscript(key: String) -> JSONValue? {
        position(of: key).map { value(at: $0) }
    }

    /// Sets `key`'s value: in place when the key is present, as a new last member otherwise.
    package mutating func set(_ value: JSONValue, forKey key: String) {
        let position = position(of: key)
        if !isMixed, case .string(let string) = value {
            if let position { strings[position] = string } else { strings.append(string) }
        } else {
            if !isMixed {
                mixed = strings.map(JSONValue.string)
                strings = []
                isMixed = true
            }
            if let position { mixed[position] = value } else { mixed.append(value) }
        }
        if position == nil {
            keys.append(key)
            indexLastMember()
        }
    }

    /// `key`'s value, left as `.null` in the object until it is set again: so that a nested object can
    /// be changed in place, never copied, while it is out. (A string is left where it is: an object of
    /// strings holds nothing that could be copied.)
    package mutating func take(_ key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        guard isMixed else { return .string(strings[position]) }
        let value = mixed[position]
        mixed[position] = .null
        return value
    }

    package func makeIterator() -> Iterator {
        Iterator(object: self)
    }

    package struct Iterator: IteratorProtocol {
        let object: JSONObject
        var position = 0

        package mutating func next() -> (key: String, value: JSONValue)? {
            guard position < object.keys.count else { return nil }
            defer { position += 1 }
            return (object.keys[position], object.value(at: position))
        }
    }

    /// Members compare as a dictionary's do: the same keys with equal values, in any order.
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
    }

    // MARK: - Index

    private var slotCount: Int { narrowSlots.isEmpty ? wideSlots.count : narrowSlots.count }

    private func position(of key: String) -> Int? {
        let slotCount = slotCount
        guard slotCount > 0 else { return keys.firstIndex(of: key) }
        var slot = Self.firstSlot(of: key, among: slotCount)
        while true {
            let stored = narrowSlots.isEmpty ? Int(wideSlots[slot]) : Int(narrowSlots[slot])
            guard stored != 0 else { return nil }
            if keys[stored - 1] == key { return stored - 1 }
            slot = slot + 1 == slotCount ? 0 : slot + 1
        }
    }

    /// Adds the last member to the index, making or growing the index first when it is due: at most
    /// three-quarters full, twice the members after growing.
    private mutating func indexLastMember() {
        let count = keys.count
        guard count > Self.linearLimit else { return }
        if count * 4 > slotCount * 3 {
            rebuildIndex(slots: count * 2)
        } else {
            place(count - 1, among: slotCount)
        }
    }

    private mutating func rebuildIndex(slots: Int) {
        if keys.count <= Self.narrowLimit {
            narrowSlots = Array(repeating: 0, count: slots)
            wideSlots = []
        } else {
            narrowSlots = []
            wideSlots = Array(repeating: 0, count: slots)
        }
        for position in keys.indices { place(position, among: slots) }
    }

    private mutating func place(_ position: Int, among slotCount: Int) {
        var slot = Self.firstSlot(of: keys[position], among: slotCount)
        if narrowSlots.isEmpty {
            while wideSlots[slot] != 0 { slot = slot + 1 == slotCount ? 0 : slot + 1 }
            wideSlots[slot] = UInt32(truncatingIfNeeded: position + 1)
        } else {
            while narrowSlots[slot] != 0 { slot = slot + 1 == slotCount ? 0 : slot + 1 }
            narrowSlots[slot] = UInt16(truncatingIfNeeded: position + 1)
        }
    }

    /// Where probing for `key` starts: its hash scaled to the slot count (any count, not only powers of
    /// two). Swift's hash is seeded per process, so no file can be made to collide on purpose.
    private static func firstSlot(of key: String, among slotCount: Int) -> Int {
        Int(truncatingIfNeeded: UInt64(UInt(bitPattern: key.hashValue)).multipliedFullWidth(by: UInt64(slotCount)).high)
    }
}

extension JSONObject: Codable {
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        self.init(try [String: JSONValue](from: decoder))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        for (key, value) in self { try container.encode(value, forKey: MemberKey(stringValue: key)) }
    }
}
