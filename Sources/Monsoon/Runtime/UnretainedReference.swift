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
