/// Why ``BlockComponentFactory/close()`` did not close a factory.
public struct CloseError: Error, Sendable, CustomStringConvertible {
    /// ``ErrorKind/notAChild``, ``ErrorKind/closeDuringResolution`` or ``ErrorKind/closeTimedOut``.
    public let kind: ErrorKind
    public let description: String

    private init(_ kind: ErrorKind, _ problem: String, advice: String) {
        self.kind = kind
        description = "Cannot close the factory: \(problem)\n  \(advice)"
    }

    static var notAChild: Self {
        Self(.notAChild, "it is no child factory; its singletons are read without a lock, so nothing can empty its pools safely.",
             advice: "Open what is to be closed as a child (let session = try factory.child(SessionAssembly(user: user))) and close that; "
                 + "release a factory that is no child to release its components.")
    }

    static var duringResolution: Self {
        Self(.closeDuringResolution, "it was called while a component was being built, and closing waits for every resolution to finish.",
             advice: "Close outside any initializer or hook, for example from the code that handles logging out.")
    }

    static func timedOut(running: Int, waited: Duration) -> Self {
        let resolutions = running == 1 ? "1 resolution of it was" : "\(running) resolutions of it were"
        return Self(.closeTimedOut,
                    "\(resolutions) still running after \(waited) (the factory's sharedBuildWait), so its pools could not be emptied. "
                        + "The child refuses new resolutions; nothing was torn down.",
                    advice: "A resolution that waits for this close never ends: an initializer or hook that starts "
                        + "Task { try await session.close() } and waits for it. Close from the code that handles logging out, outside "
                        + "any build, and do not wait for the close in a build; a later close() tries again.")
    }

    static func teardownTimedOut(_ key: String, waited: Duration) -> Self {
        Self(.closeTimedOut,
             "the teardown of \(key), a main-actor component, waited \(waited) (the factory's sharedBuildWait) for the main actor, "
                + "which something kept busy. The pools were emptied; its teardown, and those after it, run when the main actor is free.",
             advice: "Do not block the main thread waiting for close() (a semaphore, or a synchronous wait for a Task): await it.")
    }
}
