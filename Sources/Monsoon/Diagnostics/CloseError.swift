/// Why ``BlockComponentFactory/close()`` did not close a factory.
public struct CloseError: Error, Sendable, CustomStringConvertible {
    /// ``ErrorKind/notAChild`` or ``ErrorKind/closeDuringResolution``.
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
}
