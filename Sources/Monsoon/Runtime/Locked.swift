import Foundation

/// A value read and written only under its own lock: the one way Monsoon, its companion libraries and
/// their tests keep mutable state that several threads share.
///
/// Built on `NSLock` rather than `Synchronization.Mutex` because ThreadSanitizer does not see the
/// ordering of Mutex's futex-based lock on Linux and reports false races; it does see pthread locks.
/// Never run code that may come back here (user initializers, resolutions) inside `withLock`.
package final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    package var current: Value {
        withLock { $0 }
    }
}

// Unchecked: the value is only reached through `withLock`; only Sendable values may leave it for
// another thread.
extension Locked: @unchecked Sendable where Value: Sendable {}
