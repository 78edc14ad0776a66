import Foundation

/// Decides, for each shared pool cell, which resolution builds it and makes the others wait, without
/// ever holding a lock while user code runs.
///
/// A resolution *claims* a cold cell, builds the component with no lock held, and *publishes* the cell
/// once the component settles (its injections, and those of any cycle it is part of, are complete), so
/// other threads never see a component whose graph is still being injected. A resolution that needs a cell claimed by another waits; before
/// waiting it follows the chain of who waits for whom, and if that chain comes back to itself the wait
/// would never end, so it throws ``ResolutionError/Kind/concurrentCycle`` instead of deadlocking.
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

    func claim(
        _ cell: SharedInstanceCell, for resolution: UInt64, key: String, path: @autoclosure () -> [String]
    ) throws(ResolutionError) -> Claim {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = cell.valueUnderLock { return .available(value) }
            guard let owner = cell.owner else {
                cell.owner = resolution
                return .claimed
            }
            if owner == resolution { return .ownedByThisResolution }
            var next: UInt64? = owner
            while let current = next {
                if current == resolution { throw .concurrentCycle(key, path: path()) }
                next = waitingFor[current]
            }
            waitingFor[resolution] = owner
            condition.wait()
            waitingFor[resolution] = nil
        }
    }

    /// Stores the finished components of a completed resolution and wakes every waiter.
    func publish(_ built: [(cell: SharedInstanceCell, value: Any, box: AnyObject?)]) {
        guard !built.isEmpty else { return }
        condition.lock()
        for (cell, value, box) in built {
            cell.storeUnderLock(value, box: box)
            cell.owner = nil
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Gives up the cells `resolution` still owns (its builds failed) so that another resolution can
    /// build them.
    func abandon(_ cells: [SharedInstanceCell], by resolution: UInt64) {
        guard !cells.isEmpty else { return }
        condition.lock()
        for cell in cells where cell.owner == resolution { cell.owner = nil }
        condition.broadcast()
        condition.unlock()
    }
}
