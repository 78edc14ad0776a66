/// What one resolution knows about one registry entry: the instance it holds for it (objectGraph, or a
/// shared component not yet published), the stack frame building it, and the frame its unfinished cycle
/// reaches down to.
struct SlotState {
    /// The instance, in the form that assigns cheaply (see ``StoredInstance``).
    var instance: StoredInstance?
    /// The stack index of the frame building this entry, or -1.
    var frame: Int32 = -1
    /// For a component built but not yet settled: the stack index its cycle reaches down to, or -1.
    var cycleRoot: Int32 = -1

    var value: Any? { instance?.value }
}

/// The slot states of one resolution, keyed by entry identity: open addressing with linear probing on the
/// entry's address, so a lookup is a multiply, a mask and usually one comparison — no hashing of
/// strings or call sites, and no allocation until the first component is recorded.
struct SlotTable {
    private var keys: ContiguousArray<UInt> = []
    private var states: ContiguousArray<SlotState> = []
    /// The indices in use, so that clearing touches only them and the table keeps its capacity.
    private var used: ContiguousArray<Int> = []
    private var count: Int { used.count }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private static func key(_ entry: RegistryEntry) -> UInt {
        UInt(bitPattern: ObjectIdentifier(entry))
    }

    /// How far the product is shifted to index `keys`: 64 minus log2 of the capacity.
    private var shift: UInt = 0

    @inline(__always)
    private func home(_ key: UInt) -> Int {
        // Fibonacci hashing of the address, indexed by the product's *high* bits: the low bits of a
        // product depend only on the low bits of the address, so entries allocated at regular strides
        // would collide.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The state of `entry`, or `nil` when this resolution never recorded anything for it.
    func state(of entry: RegistryEntry) -> SlotState? {
        guard count > 0 else { return nil }
        let key = Self.key(entry)
        var index = home(key)
        while true {
            let found = keys[index]
            if found == key { return states[index] }
            if found == 0 { return nil }
            index = (index + 1) & (keys.count - 1)
        }
    }

    /// Changes the state of `entry`, creating it when absent.
    mutating func update<R>(_ entry: RegistryEntry, _ body: (inout SlotState) -> R) -> R {
        // At most a quarter full: a lookup then almost always finds its key, or an empty slot, at home.
        if (count + 1) * 4 > keys.count { grow() }
        let key = Self.key(entry)
        var index = home(key)
        while true {
            let found = keys[index]
            if found == key { return body(&states[index]) }
            if found == 0 {
                keys[index] = key
                used.append(index)
                return body(&states[index])
            }
            index = (index + 1) & (keys.count - 1)
        }
    }

    /// Replaces the instance recorded for `entry`. Not `update(entry) { $0.instance = instance }`: two
    /// identical specializations of `update` are merged by the optimizer into one function behind
    /// thunks, which the build path then pays for on every component.
    mutating func replaceInstance(of entry: RegistryEntry, with instance: StoredInstance) {
        update(entry) { state in
            state.instance = nil
            state.instance = instance
        }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldStates = states
        let oldUsed = used
        let capacity = max(16, keys.count * 2)
        shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        keys = ContiguousArray(repeating: 0, count: capacity)
        states = ContiguousArray(repeating: SlotState(), count: capacity)
        used.removeAll(keepingCapacity: true)
        for index in oldUsed {
            let key = oldKeys[index]
            var slot = home(key)
            while keys[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            keys[slot] = key
            states[slot] = oldStates[index]
            used.append(slot)
        }
    }

    /// The instances held for the entries `including` accepts, by entry.
    ///
    /// A key is the address of a registry entry that the factory (or this resolution's table of
    /// parameterized entries) still holds while the resolution runs, so it is read back as that entry.
    func instances(_ including: (RegistryEntry) -> Bool) -> [(entry: RegistryEntry, instance: StoredInstance)] {
        var found: [(entry: RegistryEntry, instance: StoredInstance)] = []
        for index in used {
            guard let instance = states[index].instance, let entry = object(atAddress: keys[index], as: RegistryEntry.self) else { continue }
            if including(entry) { found.append((entry, instance)) }
        }
        return found
    }

    /// Forgets everything, releasing the instances held, and keeps the capacity for the next resolution.
    mutating func removeAll() {
        guard !used.isEmpty else { return }
        for index in used {
            keys[index] = 0
            states[index] = SlotState()
        }
        used.removeAll(keepingCapacity: true)
    }
}

// Instances stay inside one resolution on one thread until they are published through a pool cell, which
// orders the hand-over itself.
@available(*, unavailable, message: "Held by one resolution on one thread.")
extension StoredInstance: Sendable {}

@available(*, unavailable, message: "Held by one resolution on one thread.")
extension ValueBox: Sendable {}
