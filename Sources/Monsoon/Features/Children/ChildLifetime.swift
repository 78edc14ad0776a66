/// Whether a child factory is open, and the resolutions running in it: the gate every top-level
/// resolution of a child passes, so that `close()` can wait until none runs before it empties the pools.
///
/// A closed child starts no resolution, so once `close()` has seen the count fall to zero nothing reads
/// its pools any more, published ones included, and they can be emptied. The wait is bounded: a running
/// resolution may be waiting for the very `close()` that waits for it. No continuation is resumed under
/// the lock.
final class ChildLifetime: Sendable {
    private struct State {
        var isClosed = false
        /// Top-level resolutions (synchronous or asynchronous) begun and not ended.
        var running = 0
        /// The `close()` draining or tearing down, if any.
        var isClosing = false
        /// That `close()`'s wait for `running` to reach zero, which the last resolution ends.
        var drained: BoundedWait?
        /// Whether a `close()` has torn everything down.
        var isTornDown = false
        /// Later `close()` calls, waiting for the closing one: resumed with whether it tore down.
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    /// How a call of `close()` went on from the gate.
    enum Closing {
        /// It drained the resolutions: it tears down, then calls `finishTeardown`.
        case drained
        /// Another call tore down, or had done so before.
        case closedByAnother
        /// Resolutions still ran when the wait ended: `running` of them. The child stays closed to new
        /// resolutions; nothing was torn down, and a later `close()` tries again.
        case timedOut(running: Int)
    }

    /// Whether a resolution may begin.
    enum Gate {
        case open
        case closed
        /// The child is open, but a factory it descends from was closed.
        case ancestorClosed
    }

    private let state = Locked(State())
    /// The gate of the factory this one is a child of, when that is a child too (a sub-session).
    private let parent: ChildLifetime?

    init(parent: ChildLifetime?) {
        self.parent = parent
    }

    /// Whether this child or a factory it descends from was closed.
    var isClosed: Gate {
        if state.withLock({ $0.isClosed }) { return .closed }
        var ancestor = parent
        while let current = ancestor {
            if current.state.withLock({ $0.isClosed }) { return .ancestorClosed }
            ancestor = current.parent
        }
        return .open
    }

    /// Counts a resolution in when the child and every factory it descends from are open.
    func enter() -> Gate {
        let own = state.withLock { state -> Gate in
            guard !state.isClosed else { return .closed }
            state.running += 1
            return .open
        }
        guard own == .open, let parent, parent.isClosed != .open else { return own }
        leave()
        return .ancestorClosed
    }

    /// Counts a resolution out, and lets a waiting `close()` go on when it was the last one.
    func leave() {
        let drained = state.withLock { state -> BoundedWait? in
            state.running -= 1
            guard state.running == 0, let drained = state.drained else { return nil }
            state.drained = nil
            return drained
        }
        drained?.end(true)
    }

    /// Closes the gate and waits, no longer than `limit`, until no resolution runs; a call while another
    /// is closing waits for that one, and takes over when that one gave up.
    nonisolated(nonsending)
    func closeAndDrain(waitingAtMost limit: Duration) async -> Closing {
        while true {
            let role = state.withLock { state -> Role in
                state.isClosed = true
                if state.isTornDown { return .done }
                if state.isClosing { return .waiting }
                state.isClosing = true
                return .closing
            }
            switch role {
            case .done:
                return .closedByAnother
            case .waiting:
                // The closing call's own wait is bounded, and so is this one; if it gave up, go again.
                if await closedByTheClosingCall() { return .closedByAnother }
            case .closing:
                return await drain(waitingAtMost: limit)
            }
        }
    }

    private enum Role { case done, waiting, closing }

    /// Waits for the `close()` tearing down: `true` once it has, `false` when it gave up.
    nonisolated(nonsending)
    private func closedByTheClosingCall() async -> Bool {
        await withCheckedContinuation { (waiting: CheckedContinuation<Bool, Never>) in
            let outcome = state.withLock { state -> Bool? in
                if state.isTornDown { return true }
                guard state.isClosing else { return false }
                state.waiting.append(waiting)
                return nil
            }
            if let outcome { waiting.resume(returning: outcome) }
        }
    }

    /// The closing call's wait for the running resolutions.
    nonisolated(nonsending)
    private func drain(waitingAtMost limit: Duration) async -> Closing {
        let drained = await BoundedWait.wait(atMost: limit) { wait in
            let isIdle = state.withLock { state -> Bool in
                guard state.running > 0 else { return true }
                state.drained = wait
                return false
            }
            if isIdle { wait.end(true) }
        }
        guard drained else {
            let (running, waiting) = state.withLock { state in
                state.drained = nil
                state.isClosing = false
                defer { state.waiting = [] }
                return (state.running, state.waiting)
            }
            for continuation in waiting { continuation.resume(returning: false) }
            return .timedOut(running: running)
        }
        return .drained
    }

    /// Runs a main-actor teardown hook from `close()`, waiting for the main actor no longer than
    /// `limit`: `false` when the wait ended first (the main thread blocked, perhaps waiting for this very
    /// close); the hook then runs when the main actor is free.
    nonisolated(nonsending)
    static func onMainActor(waitingAtMost limit: Duration, _ hook: @escaping @MainActor @Sendable () -> Void) async -> Bool {
        await BoundedWait.wait(atMost: limit) { wait in
            Task { @MainActor in
                hook()
                wait.end(true)
            }
        }
    }

    /// Marks the teardown done and lets every later `close()` return.
    func finishTeardown() {
        let waiting = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.isTornDown = true
            state.isClosing = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: true) }
    }
}

/// One wait that ends at its event or at its limit, whichever comes first: `end(_:)` resumes the waiter
/// once, and later calls do nothing. The continuation is resumed outside the lock.
final class BoundedWait: Sendable {
    private let waiter = Locked<CheckedContinuation<Bool, Never>?>(nil)

    /// Waits until something `start` handed the wait to calls `end(true)`, or `limit` has passed:
    /// `false` then.
    nonisolated(nonsending)
    static func wait(atMost limit: Duration, _ start: (BoundedWait) -> Void) async -> Bool {
        let wait = BoundedWait()
        var timer: Task<Void, Never>?
        let ended = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            wait.waiter.withLock { $0 = continuation }
            start(wait)
            timer = Task {
                do { try await Task.sleep(for: limit) } catch { return }
                wait.end(false)
            }
        }
        timer?.cancel()
        return ended
    }

    func end(_ outcome: Bool) {
        let waiter = waiter.withLock { waiter in
            defer { waiter = nil }
            return waiter
        }
        waiter?.resume(returning: outcome)
    }
}

/// The children made from a factory, held weakly: when a lookup fails in the parent, its message says
/// which child could answer it (a session's component resolved from the app's factory).
final class ChildDirectory: Sendable {
    private struct Held: Sendable {
        weak var child: BlockComponentFactory?
    }

    private let held = Locked<[Held]>([])

    /// Adds `child`, forgetting the children released since the last one was added.
    func add(_ child: BlockComponentFactory) {
        held.withLock { held in
            held.removeAll { $0.child == nil }
            held.append(Held(child: child))
        }
    }

    /// The children alive now, oldest first.
    var alive: [BlockComponentFactory] { held.withLock { $0.compactMap(\.child) } }
}
