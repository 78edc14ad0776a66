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

    /// - Throws: ``ActivationError`` with an `ErrorKind.invalidLimit` problem for each value out of range:
    ///   a depth below 1, a wait that is not positive. Neither is clamped: a value a caller got wrong
    ///   would otherwise change behaviour in silence.
    init(maximumDepth: Int, sharedBuildWait: Duration) throws(ActivationError) {
        var problems: [ValidationReport.Finding] = []
        if maximumDepth < 1 {
            problems.append(ValidationReport.Finding(
                kind: .invalidLimit, subject: "maximumDepth",
                message: "maximumDepth: \(maximumDepth) allows no component at all: a resolution builds at least one. "
                    + "Pass 1 or more (the default is 1,000)."))
        }
        if sharedBuildWait <= .zero {
            problems.append(ValidationReport.Finding(
                kind: .invalidLimit, subject: "sharedBuildWait",
                message: "sharedBuildWait: \(sharedBuildWait) is not a wait: a resolution could never wait for another thread's build. "
                    + "Pass a positive duration, like .seconds(30) (the default)."))
        }
        if !problems.isEmpty { throw ActivationError(problems: problems) }
        self.maximumDepth = maximumDepth
        self.sharedBuildWait = sharedBuildWait
    }
}
