import Monsoon
import Synchronization

/// Records what components did, in order, and counts initializer calls, for one test's factory.
/// Each test makes its own, so tests running in parallel never share counts.
final class BuildLog: Sendable {
    private let state = Locked<[String]>([])
    private let serials = Atomic<Int>(0)

    func record(_ event: String) {
        state.withLock { $0.append(event) }
    }

    var events: [String] { state.withLock { $0 } }

    func count(_ event: String) -> Int {
        state.withLock { $0.count(where: { $0 == event }) }
    }

    /// A number unique within this log, to tell instances apart without relying on addresses.
    func nextSerial() -> Int {
        serials.add(1, ordering: .relaxed).newValue
    }
}
