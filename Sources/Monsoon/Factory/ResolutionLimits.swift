/// The bounds that turn a resolution which could never finish into a typed error.
///
/// ```swift
/// let factory = try BlockComponentFactory(assemblies: [BookAssembly()],
///                                         limits: ResolutionLimits(maximumDepth: 200))
/// ```
public struct ResolutionLimits: Sendable, Equatable {
    /// The longest chain of components one resolution builds, each injected into the one before: past
    /// it the resolution throws `ErrorKind.depthLimitExceeded`. A definition that refers to
    /// itself with new runtime arguments (`page(n)` injecting `page(n + 1)`) never ends without it.
    /// Independently, a resolution that is about to run out of its thread's stack throws the same error,
    /// whatever this limit.
    public var maximumDepth: Int
    /// How long a resolution waits for another thread to finish building a shared component (singleton,
    /// lazySingleton, weakSingleton) before it throws `ErrorKind.sharedBuildTimedOut`. The
    /// wait ends sooner when the other thread finishes; it lasts this long only when that thread is
    /// blocked, for example by an initializer that waits for this very thread.
    public var sharedBuildWait: Duration

    /// - Parameters:
    ///   - maximumDepth: at least 1; the default, 1,000, is far deeper than any graph written by hand.
    ///   - sharedBuildWait: the default, 30 seconds, outlasts any initializer that should run at all.
    public init(maximumDepth: Int = 1_000, sharedBuildWait: Duration = .seconds(30)) {
        self.maximumDepth = max(1, maximumDepth)
        self.sharedBuildWait = sharedBuildWait
    }
}
