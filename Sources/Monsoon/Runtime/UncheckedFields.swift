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

/// The fields of a shared object that are completed after it is made and then published to every
/// thread. Its owner keeps them in one stored property declared `@exclusivity(unchecked)`, the only
/// kind of such declaration on shared state outside this folder, so that reading them costs a load
/// rather than Swift's dynamic exclusivity check (about 60 instructions an access, through thread-local
/// storage), which the resolution's warm path cannot afford.
///
/// Invariant, owed by the owner:
/// - it changes the fields only through ``change(_:)``, before any other thread can read them: in its
///   `init`; under its lock before it publishes them; or while it is uniquely referenced, before it
///   is shared;
/// - it *publishes* them once: by storing `true` into an atomic flag with release ordering after the
///   last change of every field a reader without the lock uses, or by sharing the object;
/// - a thread without the lock reads them only after loading that flag as `true` with acquire
///   ordering, or through a reference it was given after the sharing. Nothing here changes after
///   publication: bookkeeping that does (a preparation pass's) is kept outside, in fields Swift checks.
///
/// Owners: `RegistryEntry.completed` (its factory's preparation lock; the flag is `prepared`), and
/// `RecipeBehaviour.compilation` (changed while `isKnownUniquelyReferenced` says nothing shares it).
/// Hold fields here that are cheap to copy as a whole: a read of one field may copy the struct (a
/// shared cell's `Any` value, read on every singleton resolution, stays a plain stored property).
/// If it breaks: a torn or stale read, which the ThreadSanitizer run of the test suite reports
/// (`DeferredDefinitionTests` completes one graph from eight threads at once, and the
/// concurrency tests resolve shared graphs from many).
@usableFromInline
struct PublishedFields<Fields> {
    /// The fields, read as the invariant allows.
    @usableFromInline private(set) var fields: Fields

    @inlinable @inline(__always)
    init(_ fields: Fields) {
        self.fields = fields
    }

    /// Changes the fields: in the owner's `init`, or under its lock (see the invariant). Always inlined:
    /// called generically it would look up the fields' type metadata at every change.
    @inline(__always)
    mutating func change(_ body: (inout Fields) -> Void) {
        body(&fields)
    }
}

/// A plain value: it may cross threads when its fields may (the invariant is about the owner's stored
/// property, not the value).
extension PublishedFields: Sendable where Fields: Sendable {}
