import Foundation

/// Runs each body on a thread of its own, released together, and waits for all of them: unlike
/// `DispatchQueue.global()`, which may run the bodies one after another on a busy two-core machine,
/// this makes them overlap. Returns `false` if they did not all finish within `timeout` seconds.
func onThreads(_ bodies: [@Sendable () -> Void], timeout: TimeInterval = 30) -> Bool {
    let start = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for body in bodies {
        finished.enter()
        let thread = Thread {
            start.wait()
            body()
            finished.leave()
        }
        thread.start()
    }
    for _ in bodies { start.signal() }
    return finished.wait(timeout: .now() + timeout) == .success
}
