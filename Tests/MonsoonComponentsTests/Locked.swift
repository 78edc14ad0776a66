import Foundation

/// A value behind a lock, for test bookkeeping shared across threads.
///
/// Built on `NSLock` rather than `Synchronization.Mutex` because ThreadSanitizer does not see the
/// ordering of Mutex's futex-based lock on Linux and reports false races; it does see pthread locks.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
