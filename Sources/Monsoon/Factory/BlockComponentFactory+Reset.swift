/// Emptying the pools of a scope of one's own: Swinject's `resetObjectScope(_:)`.
extension BlockComponentFactory {
    /// Releases every component this factory pools in `scope`, a scope of your own: the next resolution
    /// of each builds a new one.
    ///
    /// ```swift
    /// extension Scope { static let catalogCache = Scope("catalogCache") }
    ///
    /// try factory.reset(.catalogCache)
    /// ```
    ///
    /// A component nothing else holds is deinitialized before `reset` returns (after the factory's lock
    /// is released), and weak references to it are `nil`. What was already handed out stays with whoever
    /// holds it, including longer-lived components it was injected into:
    /// ``validate(buildingOpaqueDefinitions:)`` reports a singleton or lazySingleton that holds a
    /// component of a resettable scope.
    ///
    /// A reset never waits, and never releases a component under a resolution building it: a resolution
    /// building one of the scope's components on another thread at that moment keeps what it builds,
    /// which is not pooled (the next resolution builds anew). A resolution running on another thread
    /// while the scope is reset may see a component of it from before the reset and one from after.
    ///
    /// - Throws: ``ScopeResetError`` — `ErrorKind.scopeNotResettable` for a built-in scope (they keep
    ///   what they pool for the factory's lifetime, or pool nothing), `ErrorKind.resetDuringResolution`
    ///   when called from inside a build on this thread.
    /// - Complexity: O(*n*) in the number of entries.
    public func reset(_ scope: Scope) throws(ScopeResetError) {
        guard scope.isResettable else { throw .notResettable(scope) }
        guard !Self.isInsideBuild(ThreadState.current) else { throw .duringResolution(scope) }
        let cells = catalog.entries(in: scope).compactMap(\.cell)
        // What the cells held is released here, once `empty` has let the lock go: a deinitializer is user code.
        _ = coordinator.empty(cells)
    }
}
