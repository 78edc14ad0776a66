/// Whether a child factory is open, and the resolutions running in it: the gate every top-level
/// resolution of a child passes, so that `close()` can wait until none runs before it empties the pools.
///
/// A closed child starts no resolution, so once `close()` has seen the count fall to zero nothing reads
/// its pools any more, published ones included, and they can be emptied. No continuation is resumed
/// under the lock.
final class ChildLifetime: Sendable {
    private struct State {
        var isClosed = false
        /// Top-level resolutions (synchronous or asynchronous) begun and not ended.
        var running = 0
        /// The first `close()`, waiting for `running` to reach zero.
        var drained: CheckedContinuation<Void, Never>?
        /// Whether the first `close()` has torn everything down.
        var isTornDown = false
        /// Later `close()` calls, waiting for the first to finish.
        var tornDown: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Counts a resolution in; `false` once the child is closed.
    func enter() -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.running += 1
            return true
        }
    }

    /// Counts a resolution out, and lets a waiting `close()` go on when it was the last one.
    func leave() {
        let drained = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.running -= 1
            guard state.running == 0, let drained = state.drained else { return nil }
            state.drained = nil
            return drained
        }
        drained?.resume()
    }

    /// Closes the gate and waits until no resolution runs. `true` for the first call, which then tears
    /// down and calls `finishTeardown`; a later call waits for that and returns `false`.
    nonisolated(nonsending)
    func closeAndDrain() async -> Bool {
        let isFirst = state.withLock { state -> Bool in
            defer { state.isClosed = true }
            return !state.isClosed
        }
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            let goesOn = state.withLock { state -> Bool in
                if isFirst {
                    guard state.running > 0 else { return true }
                    state.drained = waiting
                } else {
                    guard !state.isTornDown else { return true }
                    state.tornDown.append(waiting)
                }
                return false
            }
            if goesOn { waiting.resume() }
        }
        return isFirst
    }

    /// Marks the teardown done and lets every later `close()` return.
    func finishTeardown() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isTornDown = true
            defer { state.tornDown = [] }
            return state.tornDown
        }
        for continuation in waiting { continuation.resume() }
    }
}
