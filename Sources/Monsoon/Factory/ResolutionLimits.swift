/// The bounds that turn a resolution which could never finish into a typed error, as the factory's
/// initializer takes them (`maximumDepth:`, `sharedBuildWait:`); derived factories inherit them.
struct ResolutionLimits: Sendable, Equatable {
    /// The longest chain of components one resolution builds, each injected into the one before: past
    /// it the resolution throws `ErrorKind.depthLimitExceeded`. Independently, a resolution that is about
    /// to run out of its thread's stack throws the same error, whatever this limit.
    var maximumDepth: Int
    /// How long a resolution waits for another thread to finish building a shared component before it
    /// throws `ErrorKind.sharedBuildTimedOut`.
    var sharedBuildWait: Duration

    init(maximumDepth: Int, sharedBuildWait: Duration) {
        self.maximumDepth = max(1, maximumDepth)
        self.sharedBuildWait = sharedBuildWait
    }
}
