import Foundation
import Monsoon

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

/// Runs `body` on a new thread with a stack of `stackSize` bytes and returns what it returned.
///
/// Tests about stack use must not run on whichever thread the test runner picks: its workers' stacks
/// differ between platforms and between runs, so a depth that fits on one trips the stack guard on another.
func onThread<Value: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Value) -> Value {
    let outcome = Locked<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        outcome.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    // Set before `done` was signalled.
    return outcome.withLock { $0 }!
}
