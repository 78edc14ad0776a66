/// Keeps the optimizer from discarding work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The object `escape` was last given.
nonisolated(unsafe) private var escaped: AnyObject?

/// Keeps `object` until the next call, so that it escapes the operation that made it. `blackHole` is not
/// enough for a hand-written `Leaf()`: the optimizer sees the object dropped and builds it on the stack
/// (`swift_initStackObject`, 48 instructions), which would compare Monsoon against no allocation at all.
/// Every implementation of a row that makes new objects (2, 3, 4 and 8b) goes through it, so each pays
/// the same store; rows returning a stored singleton keep `blackHole`, which cannot move it to the stack.
/// Not thread-safe: for single-threaded scenarios only.
@inline(never)
func escape(_ object: AnyObject?) {
    escaped = object
}
