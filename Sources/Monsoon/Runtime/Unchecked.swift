// Runtime's unchecked helpers, each with the invariant its callers owe: storage read and changed in
// place without exclusivity checks (`UncheckedStorage`, `PublishedFields`), references that neither
// retain nor check (`UnretainedReference`, a registry entry's borrowed box), and reinterpreted bits and
// unchecked casts. One file, so that reviewing what Monsoon does outside Swift's checks is reading it.

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
/// thread. Its owner inherits them from `PublishingObject`, whose one stored property is declared
/// `@exclusivity(unchecked)`, so that reading them costs a load rather than Swift's dynamic exclusivity
/// check (about 60 instructions an access, through thread-local storage), which the resolution's warm
/// path cannot afford.
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
/// Owners: `RegistryEntry` (its factory's preparation lock; the flag is `prepared`), and
/// `AnyDefinition.Box` (changed while `isKnownUniquelyReferenced` says nothing shares it).
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

/// An object whose fields are published once, as `PublishedFields` states: the stored property that
/// holds them, declared here so that its exclusivity check stays off in this folder only. Its
/// subclasses (`RegistryEntry`, `AnyDefinition.Box`) owe the invariant.
///
/// Unchecked `Sendable`: the invariant is what makes sharing the fields safe; each subclass says why
/// the rest of it is.
@usableFromInline
class PublishingObject<Fields>: @unchecked Sendable {
    /// The fields, read as `PublishedFields`'s invariant allows.
    @exclusivity(unchecked) @usableFromInline final private(set) var published: PublishedFields<Fields>

    @inlinable
    init(publishing fields: Fields) {
        published = PublishedFields(fields)
    }

    /// Changes the fields, only as `PublishedFields`'s invariant allows. Always inlined, as `change`.
    @inline(__always)
    final func changePublished(_ body: (inout Fields) -> Void) {
        published.change(body)
    }
}

/// A reference to an object that neither retains it nor checks, when read, that it still exists: what
/// Monsoon keeps where a reference count would cost on every resolution (or make threads contend on a
/// shared object) and where something else provably keeps the object alive.
///
/// Invariant, owed by whoever stores one: the object outlives every read of the reference. Each place
/// that stores one says why that holds:
/// - a resolution's frames and unsettled components refer to registry entries, which the factory's
///   registry (or, for a parameterized definition, the resolution's table of them) holds for longer;
/// - a resolution refers to its factory, held by the caller of the factory's method until the
///   resolution is finished (a resolver checks the resolution's generation before using it);
/// - a resolution refers to the one it runs inside, which is still on the same thread's call stack;
/// - a thread's state refers to the resolution running on it, which restores the previous value
///   before it ends.
/// A read after the object is gone is a use after free, which the test suite's AddressSanitizer run
/// would report.
@usableFromInline
struct UnretainedReference<Object: AnyObject> {
    @usableFromInline unowned(unsafe) let object: Object

    @inlinable
    init(_ object: Object) {
        self.object = object
    }
}

@available(*, unavailable, message: "Nothing keeps the object alive for another thread.")
extension UnretainedReference: Sendable {}

/// Calls `body` with `object` borrowed, neither retained nor released around the call: for an object
/// read from a stored property on every build, where the pair is a noticeable share.
///
/// Invariant, owed by the caller: something else holds `object` for the whole call, and does not let
/// it go meanwhile (`RegistryEntry.build(in:)`: the entry holds its definition's box, and never replaces
/// it once published). Otherwise a use after free, which the AddressSanitizer run reports.
@inline(__always)
func withUnretained<Object: AnyObject, Result>(_ object: Object, _ body: (Object) throws -> Result) rethrows -> Result {
    try Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}

/// Every place Monsoon reinterprets a value's bits as another type (`unsafeBitCast`) instead of casting
/// it, each with the invariant that makes it sound. Apart from reading metadata kinds and the C library
/// lookup of `ThreadStack`, nothing else in the engine does.

/// The class instance inside `value` as `T`, without a dynamic cast.
///
/// Invariant, owed by the caller: `T` is a class, and `value` holds an instance of `T` or of a subclass.
/// Then the existential opens to a class reference, and a class reference has the same representation
/// whatever its static class. `typed(_:of:as:)` calls it only when the entry declares exactly `T`: its
/// builds return `T`, a patch's double is typed `T`, and a post-processor's replacement is checked to be
/// a `T`.
@inlinable
func reinterpret<T>(_ value: Any, as type: T.Type) -> T {
    func open<Dynamic>(_ opened: Dynamic) -> T { unsafeBitCast(opened, to: T.self) }
    return open(value)
}

/// `instance` as the object it is. Invariant, owed by the caller: `T` is a class type, so `instance`
/// is one reference, which `AnyObject` represents the same way (checked by the caller with
/// `T.self is AnyClass`, which specialization folds to a constant).
@inlinable
func objectReference<T>(to instance: T) -> AnyObject {
    unsafeBitCast(instance, to: AnyObject.self)
}

/// Calls a main-actor closure as a nonisolated one, from any thread.
///
/// Invariant, owed by the caller: the closure touches no isolated state. `FormedKeyPath` passes one
/// that forms a key-path literal, which reads the root type's layout and no property. Swift's
/// synchronous main-actor functions have the calling convention of nonisolated ones.
@inlinable
func callIgnoringIsolation<Result>(_ body: @MainActor () -> Result) -> Result {
    withoutActuallyEscaping(body) { escapable in unsafeBitCast(escapable, to: (() -> Result).self)() }
}

/// `keyPath` typed as `Sendable`. Sound because a key path is immutable, and `Sendable` is a marker
/// with no run-time representation (the value stays one class reference). A key path to an isolated
/// property is not `Sendable` in Swift's eyes because applying it touches isolated state; Monsoon
/// applies it only where the component is built, which for a main-actor component is the main actor.
@inlinable
func markedSendable(_ keyPath: AnyKeyPath) -> AnyKeyPath & Sendable {
    unsafeBitCast(keyPath, to: (AnyKeyPath & Sendable).self)
}

/// `object` as `T`, without the dynamic cast `as!` would make (about 50 instructions a cast, on paths
/// that run on every resolution or every build).
///
/// Invariant, owed by the caller: `object` is an instance of `T` or of a subclass. Each caller says
/// why, at the call; a debug build checks it.
@inlinable @inline(__always)
func uncheckedCast<T: AnyObject>(_ object: AnyObject, to type: T.Type) -> T {
    unsafeDowncast(object, to: type)
}

extension Optional {
    /// The value, without checking that there is one.
    ///
    /// Invariant, owed by the caller: this is not `nil`. Each caller says why; a debug build checks it.
    ///
    /// A member rather than a generic function: at `-Onone` a generic function building `Optional<Wrapped>`
    /// looked that type's metadata up on every call, under a runtime lock that threads resolving at once
    /// contended for (ThreadSanitizer's run of the suite took twice the CPU, most of it in that lock); a
    /// member is handed the metadata by its caller, which caches it.
    @inlinable @inline(__always)
    var uncheckedValue: Wrapped { unsafelyUnwrapped }
}

/// The object whose address is `address` (an object identifier's bits), neither retained nor checked.
///
/// Invariant, owed by the caller: the object at `address` still exists, kept alive by something else
/// for as long as the result is used, and is an instance of `T`.
@inlinable
func object<T: AnyObject>(atAddress address: UInt, as type: T.Type) -> T? {
    guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
    return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
}

/// A built component as a resolution keeps it: the object itself when the component's type is a class
/// (almost always), otherwise the value in a box. Either way it is one reference, so recording and
/// reading instances on the build path costs a retain, not an existential copy through value witnesses.
@usableFromInline
struct StoredInstance {
    @usableFromInline let object: AnyObject
    @usableFromInline let isBoxed: Bool

    /// Stores `instance`; specialized where `T` is known, so the class test folds away.
    @inlinable
    init<T>(_ instance: T) {
        if T.self is AnyClass {
            object = objectReference(to: instance)
            isBoxed = false
        } else {
            object = ValueBox(instance)
            isBoxed = true
        }
    }

    /// Stores a component whose static type is lost.
    init(erased instance: Any) {
        if type(of: instance) is AnyClass {
            object = instance as AnyObject
            isBoxed = false
        } else {
            object = ValueBox(instance)
            isBoxed = true
        }
    }

    var value: Any {
        isBoxed ? uncheckedCast(object, to: ValueBox.self).value : object
    }
}

/// A component that is not a class instance, boxed so that it is stored as one reference.
@usableFromInline
final class ValueBox {
    let value: Any

    @usableFromInline
    init(_ value: Any) {
        self.value = value
    }
}
