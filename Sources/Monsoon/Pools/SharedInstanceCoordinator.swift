import Foundation

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
/// `ResolutionError.Kind.concurrentCycle` instead of deadlocking. A wait on a thread that is blocked
/// some other way ends after ``ResolutionLimits/sharedBuildWait``.
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

    func claim(
        _ cell: SharedInstanceCell, group: Int?, for resolution: UInt64, key: String, wait: Duration,
        path: @autoclosure () -> [String]
    ) throws(ResolutionError) -> Claim {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(wait.seconds)
        while true {
            if let value = cell.valueUnderLock { return .available(value) }
            let blocker: UInt64
            if let owner = cell.owner {
                if owner == resolution { return .ownedByThisResolution }
                blocker = owner
            } else if let group, let holder = groupOwners[group], holder.resolution != resolution {
                blocker = holder.resolution
            } else {
                cell.owner = resolution
                cell.claimGroup = group
                if let group { groupOwners[group, default: (resolution, 0)].openCells += 1 }
                return .claimed
            }
            var next: UInt64? = blocker
            while let current = next {
                if current == resolution { throw .concurrentCycle(key, path: path()) }
                next = waitingFor[current]
            }
            waitingFor[resolution] = blocker
            let signalled = condition.wait(until: deadline)
            waitingFor[resolution] = nil
            if !signalled, Date() >= deadline { throw .sharedBuildTimedOut(key, waited: wait, path: path()) }
        }
    }

    /// Stores the finished components of a completed resolution and wakes every waiter.
    func publish(_ built: [(cell: SharedInstanceCell, value: Any, box: AnyObject?)]) {
        guard !built.isEmpty else { return }
        condition.lock()
        for (cell, value, box) in built {
            cell.storeUnderLock(value, box: box)
            release(cell)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Gives up the cells `resolution` still owns (its builds failed) so that another resolution can
    /// build them.
    func abandon(_ cells: [SharedInstanceCell], by resolution: UInt64) {
        guard !cells.isEmpty else { return }
        condition.lock()
        for cell in cells where cell.owner == resolution { release(cell) }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the claim on `cell`, and on its group once no claimed member is left; under the lock.
    private func release(_ cell: SharedInstanceCell) {
        guard cell.owner != nil else { return }
        cell.owner = nil
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
