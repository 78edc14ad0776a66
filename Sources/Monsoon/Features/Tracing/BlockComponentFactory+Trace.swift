extension BlockComponentFactory {
    /// Runs `body` with resolution tracing on for this factory on this thread, and returns its result
    /// with the trace of every resolution it made.
    ///
    /// - Complexity: tracing records every component requested; leave it off in production paths.
    public func trace<T>(_ body: () throws -> T) rethrows -> (T, ResolutionTrace) {
        let tracer = ResolutionTracer()
        let state = ThreadState.current
        let previous = state.pointee.resolutions.pendingTracer
        state.pointee.resolutions.pendingTracer = (tracer, ObjectIdentifier(self))
        patches.beginBypass()  // warm paths skip resolutions, and so tracing: send everything the slow way
        defer {
            patches.endBypass()
            state.pointee.resolutions.pendingTracer = previous
        }
        let result = try body()
        return (result, ResolutionTrace(roots: tracer.roots))
    }
}
