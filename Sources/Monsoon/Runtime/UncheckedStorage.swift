/// A value its owner keeps behind a pointer, read and changed in place with no exclusivity check and no
/// reference counting: a stored property of a class pays a dynamic exclusivity check (through
/// thread-local storage) at every access, which a resolution's state, changed at every step of every
/// build, cannot afford.
///
/// Invariants, owed by the owner:
/// - it creates the storage once and calls ``destroy()`` exactly once, in its `deinit`, and lets no
///   copy of the storage outlive itself;
/// - one thread at a time uses it (a resolution context belongs to one resolution, and a resolution to
///   one thread, or to one task, whose synchronous steps never overlap), and accesses do not overlap:
///   no access to ``pointee`` starts while a `_modify` of a part of it is suspended.
/// AddressSanitizer (in the test suite's runs) reports a use after `destroy()`; the thread sanitizer
/// run reports two threads using one storage.
@usableFromInline
struct UncheckedStorage<Value> {
    @usableFromInline let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    func destroy() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    @inlinable
    var pointee: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
}

@available(*, unavailable, message: "Unchecked storage belongs to one owner, used by one thread at a time.")
extension UncheckedStorage: Sendable {}
