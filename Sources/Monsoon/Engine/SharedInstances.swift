import Synchronization
import Foundation

/// The factory-wide pool slot of one definition of a shared scope (singleton, lazySingleton,
/// weakSingleton, or a scope of one's own).
///
/// A strong value of a scope that keeps it for the factory's lifetime is written once, under the
/// coordinator's lock, before `isPublished` is set with release ordering; readers that see the flag with
/// acquire ordering read the value without a lock. That is the warm path of every singleton
/// resolution. Everything else (the weak value, the strong value of a resettable scope, the resolution
/// currently building the component) is read and written only under the coordinator's lock, which is
/// why the class can be `@unchecked Sendable`: a value that `reset` may release is never published, so
/// no lock-free reader can hold it while it is released.
@usableFromInline
final class SharedInstanceCell: @unchecked Sendable {
    let holdsWeakly: Bool
    /// Whether a strong value is published for lock-free reads (see `Scope.publishesLockFree`).
    private let publishes: Bool
    /// Whether a strong value that is not published was stored and not emptied since: a hint, read
    /// without the lock, for the checks that plan a resolution (what it may skip because it is built),
    /// as `isPublished` is for a published one; the value itself is read under the lock. A weak value
    /// may be gone at any time, so a weak cell never says it holds one.
    private let filled = Atomic<Bool>(false)
    /// Set by a reset that emptied the cell while a resolution was building it: that build's value is
    /// not pooled, so that nothing built before a reset outlives it in the pool. Guarded by the
    /// coordinator.
    var discardsNextStore = false
    private let isPublished = Atomic<Bool>(false)
    private var strongValue: Any?
    /// The strong value in a ``TypedBox`` of the definition's declared type.
    private var strongBox: AnyObject?
    private weak var weakValue: AnyObject?
    /// The resolution building this component and not yet finished; guarded by the coordinator.
    var owner: UInt64?
    /// The cycle group `owner` claimed this cell through, if any; guarded by the coordinator.
    var claimGroup: Int?
    /// When the value was stored, in the coordinator's count: a child's `close()` tears components down
    /// newest first. Guarded by the coordinator.
    var storedAt: UInt64 = 0

    private init(holdsWeakly: Bool, publishes: Bool) {
        self.holdsWeakly = holdsWeakly
        self.publishes = publishes
    }

    /// The pool slot an entry of `scope` keeps its component in; `nil` for a scope whose instances live
    /// no longer than a resolution. A convenience initializer, so that `nil` allocates nothing: a
    /// designated one would allocate the object and free it again for every such entry.
    convenience init?(for scope: Scope) {
        guard scope.isShared else { return nil }
        self.init(holdsWeakly: scope.holdsWeakly, publishes: scope.publishesLockFree)
    }

    /// The pooled strong value, without locking; `nil` until published and always for weak cells.
    var publishedValue: Any? {
        isPublished.load(ordering: .acquiring) ? strongValue : nil
    }

    /// The pooled strong value boxed with its declared type, without locking; `nil` until published.
    @usableFromInline
    var publishedBox: AnyObject? {
        isPublished.load(ordering: .acquiring) ? strongBox : nil
    }

    /// Whether a value may be pooled (see `filled`), without locking.
    var mayHoldValue: Bool {
        isPublished.load(ordering: .acquiring) || filled.load(ordering: .acquiring)
    }

    /// The pooled value; call only under the coordinator's lock.
    var valueUnderLock: Any? {
        holdsWeakly ? weakValue : strongValue
    }

    /// Stores a finished component; call only under the coordinator's lock.
    func storeUnderLock(_ value: Any, box: AnyObject?) {
        if discardsNextStore {
            discardsNextStore = false
            return
        }
        if holdsWeakly {
            weakValue = value as AnyObject
        } else {
            strongValue = value
            strongBox = box
            if publishes { isPublished.store(true, ordering: .releasing) } else { filled.store(true, ordering: .releasing) }
        }
    }

    /// Empties the cell, published or not, and returns what it held; under the coordinator's lock, and
    /// only when no resolution can read it (a closed child's).
    func takeUnderLock() -> Any? {
        let held = valueUnderLock
        isPublished.store(false, ordering: .releasing)
        filled.store(false, ordering: .releasing)
        strongValue = nil
        strongBox = nil
        weakValue = nil
        return held
    }

    /// Empties an unpublished cell and returns the strong value it held, for the caller to release
    /// once the lock is released (releasing runs the component's deinitializer); under the lock.
    func emptyUnderLock() -> Any? {
        if owner != nil { discardsNextStore = true }
        filled.store(false, ordering: .releasing)
        let held = strongValue
        strongValue = nil
        strongBox = nil
        weakValue = nil
        return held
    }
}

/// A published component with its declared type kept, so that a caller that knows the type reads it
/// without a dynamic cast: the warm path of every singleton resolution.
///
/// Unchecked Sendable for the same reason pools may hold any component: sharing built components
/// across threads is what a container does; the box itself is immutable.
@usableFromInline
final class TypedBox<T>: @unchecked Sendable {
    @usableFromInline let value: T

    init(_ value: T) {
        self.value = value
    }
}

/// Decides, for each shared pool cell, which resolution builds it and makes the others wait, without
/// ever holding a lock while user code runs.
///
/// A resolution *claims* a cold cell, builds the component with no lock held, and *publishes* the cell
/// once the component settles (its injections, and those of any cycle it is part of, are complete), so
/// other threads never see a component whose graph is still being injected.
///
/// Cells that a cycle joins are claimed by group (see ``CycleGroups``): while a resolution holds an
/// unsettled member of a group, other resolutions wait before claiming any member, so two threads never
/// each hold one half of a cycle. A wait no group prevents (a cycle closed by a closure) is found by
/// following who waits for whom: if that chain comes back to the waiting resolution it throws
/// `ErrorKind.concurrentCycle` instead of deadlocking. A wait on a thread that is blocked
/// some other way ends after the factory's `sharedBuildWait`.
///
/// An asynchronous resolution waits without blocking a thread: its task suspends until the cell is
/// published or abandoned, then tries again (`claimAsync`); cancelling the task ends its wait with
/// `CancellationError` and leaves the build to its owner. A resolution started from inside an async
/// initializer that needs a cell the enclosing resolution is building would wait for itself: it throws
/// `ErrorKind.initializerCycle` instead (see `AsyncResolutionChain`).
///
/// Invariant: no continuation is resumed, and no code that could take another lock runs, while
/// `condition` is held. A task's cancellation handler runs with the runtime holding that task's lock
/// and then takes `condition` (`cancelWaiter`); resuming a waiter under `condition` needs the waiter's
/// task lock, so the two orders together deadlock, and on a two-core machine that blocks the whole
/// cooperative pool. Every path therefore decides under the lock and resumes after releasing it.
final class SharedInstanceCoordinator: @unchecked Sendable {
    enum Claim {
        /// Already built and published.
        case available(Any)
        /// The caller now owns the cell and must build the component.
        case claimed
        /// The caller's own resolution is building it (a cycle, or a second reference in one graph).
        case ownedByThisResolution
    }

    private let condition = NSCondition()
    /// Guarded by `condition`: which resolution each waiting resolution waits for.
    private var waitingFor: [UInt64: UInt64] = [:]
    /// Guarded by `condition`: per cycle group, the resolution holding it and how many of its cells
    /// that resolution has claimed and not yet published or abandoned.
    private var groupOwners: [Int: (resolution: UInt64, openCells: Int)] = [:]
    /// Guarded by `condition`: suspended asynchronous waiters, by token, resumed to try again whenever a
    /// cell is published or abandoned.
    private var asyncWaiters: [UInt64: (resolution: UInt64, continuation: UnsafeContinuation<Claim?, any Error>)] = [:]
    /// Guarded by `condition`: tokens whose task was cancelled before it suspended.
    private var cancelledWaiters: Set<UInt64> = []
    private var nextWaiterToken: UInt64 = 0
    /// Guarded by `condition`: the count `SharedInstanceCell.storedAt` takes from.
    private var storeCount: UInt64 = 0

    func claim(
        _ cell: SharedInstanceCell, group: Int?, for resolution: UInt64, key: @autoclosure () -> String, wait: Duration,
        path: @autoclosure () -> [String]
    ) throws(ResolutionError) -> Claim {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(wait.seconds)
        var enclosing: [UInt64]?
        while true {
            let blocker: UInt64
            switch decide(cell, group: group, for: resolution) {
            case .decided(let claim): return claim
            case .waitFor(let owner): blocker = owner
            case .cycle: throw .concurrentCycle(key(), path: path())
            }
            // Read only now, when this thread is about to block: the task-local costs a lookup.
            if enclosing == nil { enclosing = AsyncResolutionChain.enclosing }
            if enclosing?.contains(blocker) == true { throw .initializerResolvesItsBuild(key()) }
            waitingFor[resolution] = blocker
            let signalled = condition.wait(until: deadline)
            waitingFor[resolution] = nil
            if !signalled, Date() >= deadline { throw .sharedBuildTimedOut(key(), waited: wait, path: path()) }
        }
    }

    /// `claim` for an asynchronous resolution: waits by suspending its task, never by blocking a
    /// thread, and without a deadline (cancel the task to stop waiting).
    ///
    /// Cancellation ends a wait, and only a wait: a cancelled task that would have to wait for another
    /// resolution's build throws `CancellationError` (at once, or when the cancellation reaches it while
    /// suspended), and the build goes on for the others. Where nothing has to be waited for, the claim
    /// is decided as for any task: a published component is returned, a free cell is claimed. So a
    /// waiter that the publication reaches before its cancellation does gets the component.
    nonisolated(nonsending) func claimAsync(
        _ cell: SharedInstanceCell, group: Int?, for resolution: UInt64, key: String, path: @autoclosure () -> [String]
    ) async throws -> Claim {
        let enclosing = AsyncResolutionChain.enclosing
        let token = newWaiterToken()
        defer { if Task.isCancelled { forgetCancellation(of: token) } }
        return try await withTaskCancellationHandler {
            while true {
                let claim: Claim? = try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Claim?, any Error>) in
                    let now = suspendOrDecide(cell, group: group, for: resolution, key: key, enclosing: enclosing, token: token,
                                              continuation: continuation)
                    // Resumed with no lock held (see "Invariant" above); the path is made only for the error.
                    switch now {
                    case .suspended: break
                    case .now(let result): continuation.resume(with: result)
                    case .cycle: continuation.resume(throwing: ResolutionError.concurrentCycle(key, path: path()))
                    }
                }
                if let claim { return claim }
            }
        } onCancel: {
            cancelWaiter(token)
        }
    }

    /// What an asynchronous claim does once the lock is released.
    private enum AsyncOutcome {
        /// Resume with this result.
        case now(Result<Claim?, any Error>)
        /// The continuation is stored, to be resumed when the cell is published or abandoned, or the
        /// task is cancelled.
        case suspended
        /// Waiting would close a cycle of waits: throw `concurrentCycle`.
        case cycle
    }

    /// Under the lock: what an asynchronous claim does now.
    private func suspendOrDecide(
        _ cell: SharedInstanceCell, group: Int?, for resolution: UInt64, key: String, enclosing: [UInt64], token: UInt64,
        continuation: UnsafeContinuation<Claim?, any Error>
    ) -> AsyncOutcome {
        condition.lock()
        defer { condition.unlock() }
        switch decide(cell, group: group, for: resolution) {
        case .decided(let claim):
            return .now(.success(claim))
        case .cycle:
            return .cycle
        case .waitFor(let blocker):
            if enclosing.contains(blocker) { return .now(.failure(ResolutionError.initializerResolvesItsBuild(key))) }
            if cancelledWaiters.contains(token) { return .now(.failure(CancellationError())) }
            waitingFor[resolution] = blocker
            asyncWaiters[token] = (resolution, continuation)
            return .suspended
        }
    }

    private enum Decision {
        case decided(Claim)
        /// Waiting for the owner would close a cycle of resolutions waiting for each other.
        case cycle
        case waitFor(UInt64)
    }

    /// What a claim gets now, under the lock: the value, the cell, or the resolution to wait for.
    private func decide(_ cell: SharedInstanceCell, group: Int?, for resolution: UInt64) -> Decision {
        if let value = cell.valueUnderLock { return .decided(.available(value)) }
        let blocker: UInt64
        if let owner = cell.owner {
            if owner == resolution { return .decided(.ownedByThisResolution) }
            blocker = owner
        } else if let group, let holder = groupOwners[group], holder.resolution != resolution {
            blocker = holder.resolution
        } else {
            cell.owner = resolution
            cell.claimGroup = group
            if let group { groupOwners[group, default: (resolution, 0)].openCells += 1 }
            return .decided(.claimed)
        }
        var next: UInt64? = blocker
        while let current = next {
            if current == resolution { return .cycle }
            next = waitingFor[current]
        }
        return .waitFor(blocker)
    }

    /// Ends a suspended wait with `CancellationError`, and marks the token so that no later wait of its
    /// claim starts. Runs in the task's cancellation handler, where the runtime holds the task's own
    /// lock: that is why nothing else resumes a continuation while holding `condition`.
    private func cancelWaiter(_ token: UInt64) {
        condition.lock()
        cancelledWaiters.insert(token)
        let waiter = asyncWaiters.removeValue(forKey: token)
        if let waiter { waitingFor[waiter.resolution] = nil }
        condition.unlock()
        waiter?.continuation.resume(throwing: CancellationError())
    }

    private func newWaiterToken() -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        nextWaiterToken &+= 1
        return nextWaiterToken
    }

    private func forgetCancellation(of token: UInt64) {
        condition.lock()
        cancelledWaiters.remove(token)
        condition.unlock()
    }

    /// Takes every suspended waiter out, to be resumed once the lock is released; under the lock.
    private func takeAsyncWaiters() -> [UnsafeContinuation<Claim?, any Error>] {
        guard !asyncWaiters.isEmpty else { return [] }
        let waiters = asyncWaiters.values.map { waiter in
            waitingFor[waiter.resolution] = nil
            return waiter.continuation
        }
        asyncWaiters.removeAll()
        return waiters
    }

    /// Stores the finished components of a completed resolution and wakes every waiter.
    func publish(_ built: [(cell: SharedInstanceCell, value: Any, box: AnyObject?)]) {
        guard !built.isEmpty else { return }
        condition.lock()
        for (cell, value, box) in built {
            storeCount &+= 1
            cell.storedAt = storeCount
            cell.storeUnderLock(value, box: box)
            release(cell)
        }
        condition.broadcast()
        let waiters = takeAsyncWaiters()
        condition.unlock()
        for waiter in waiters { waiter.resume(returning: nil) }
    }

    /// Empties `cells` (a resettable scope's, never published) and returns what they held, for the
    /// caller to release with no lock held. Never waits: a cell a resolution is building stays claimed,
    /// that resolution keeps what it builds, and the value is not pooled when it publishes
    /// (`discardsNextStore`), so the next resolution builds anew.
    func empty(_ cells: [SharedInstanceCell]) -> [Any] {
        condition.lock()
        defer { condition.unlock() }
        return cells.compactMap { $0.emptyUnderLock() }
    }

    /// Empties the cells of a closed child, published ones too, and returns what they held (a weak
    /// value still alive included) with its entry and when it was stored. Only for a factory no
    /// resolution reads any more: a published value is read without the lock.
    func takeAll(_ cells: [(entry: RegistryEntry, cell: SharedInstanceCell)]) -> [(entry: RegistryEntry, value: Any, sequence: UInt64)] {
        condition.lock()
        defer { condition.unlock() }
        return cells.compactMap { entry, cell in
            let sequence = cell.storedAt
            return cell.takeUnderLock().map { (entry, $0, sequence) }
        }
    }

    /// Gives up the cells `resolution` still owns (its builds failed) so that another resolution can
    /// build them.
    func abandon(_ cells: [SharedInstanceCell], by resolution: UInt64) {
        guard !cells.isEmpty else { return }
        condition.lock()
        for cell in cells where cell.owner == resolution { release(cell) }
        condition.broadcast()
        let waiters = takeAsyncWaiters()
        condition.unlock()
        for waiter in waiters { waiter.resume(returning: nil) }
    }

    /// Ends the claim on `cell`, and on its group once no claimed member is left; under the lock.
    private func release(_ cell: SharedInstanceCell) {
        guard cell.owner != nil else { return }
        cell.owner = nil
        // A reset during this claim discards its store (see `empty`), and nothing after it.
        cell.discardsNextStore = false
        guard let group = cell.claimGroup, let holder = groupOwners[group] else { return }
        cell.claimGroup = nil
        groupOwners[group] = holder.openCells > 1 ? (holder.resolution, holder.openCells - 1) : nil
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take a `TimeInterval`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// The asynchronous resolutions whose async initializers the current task is running, innermost last:
/// a resolution started from inside one of them (`try await factory.resolve` in an async initializer)
/// must never wait for a cell that one of them is building, which would wait for itself.
enum AsyncResolutionChain {
    @TaskLocal static var enclosing: [UInt64] = []
}
