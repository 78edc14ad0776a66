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
    /// On a child (see ``child(_:)``), `reset` empties the pools of the scope in the child and in every
    /// factory it descends from, as Swinject's `resetObjectScope(_:)` on a child container resets the
    /// parent's instances too: after `session.reset(.cache)`, the session resolves no component of
    /// `cache` from before the reset, whichever factory pools it. A parent's reset leaves its children's
    /// own pools alone.
    ///
    /// - Throws: ``ScopeResetError`` — `ErrorKind.scopeNotResettable` for a built-in scope (they keep
    ///   what they pool for the factory's lifetime, or pool nothing), `ErrorKind.resetDuringResolution`
    ///   when called from inside a build on this thread, `ErrorKind.unknownScope` for a scope no
    ///   definition of this factory (or of one it descends from) is in: a misspelt name, or a scope of
    ///   another factory.
    /// - Complexity: O(*n*) in the number of entries.
    public func reset(_ scope: Scope) throws(ScopeResetError) {
        guard scope.isResettable else { throw .notResettable(scope) }
        guard !Self.isInsideBuild(ThreadState.current) else { throw .duringResolution(scope) }
        var pooling: [(factory: BlockComponentFactory, cells: [SharedInstanceCell])] = []
        var factory: BlockComponentFactory? = self
        while let current = factory {
            let entries = current.catalog.entries(in: scope)
            if !entries.isEmpty { pooling.append((current, entries.compactMap(\.cell))) }
            factory = current.parent
        }
        guard !pooling.isEmpty else {
            // Nothing pooled in it: fine for a scope that only definitions with runtime arguments, not
            // resolved yet, are in; a typo or another factory's scope otherwise.
            let known = scopesOfOwn()
            if known.contains(scope.name) { return }
            throw .unknownScope(scope, pooled: known)
        }
        // What the cells held is released here, once `empty` has let the lock go: a deinitializer is user code.
        for (factory, cells) in pooling { _ = factory.coordinator.empty(cells) }
    }

    /// The names of the scopes of one's own this factory's definitions (and its ancestors') are in,
    /// those of the definitions with runtime arguments that the others refer to included.
    private func scopesOfOwn() -> [String] {
        var names: [String] = []
        var factory: BlockComponentFactory? = self
        while let current = factory {
            let scopes = current.catalog.allEntries.map(\.scope) + current.graph().nodes.map(\.scope)
            for scope in scopes where scope.isResettable && !names.contains(scope.name) { names.append(scope.name) }
            factory = current.parent
        }
        return names
    }
}

/// A name shared by two scopes of one's own that differ in holding or eagerness: `Scope("cache")` and
/// `Scope("cache", holding: .weakly)`, which a report, a graph and `reset` could not tell apart.
enum ScopeConflicts {
    /// The first conflict among `entries`, as a finding naming both scopes and a definition in each.
    static func finding(in entries: [RegistryEntry]) -> ValidationReport.Finding? {
        var first: [UInt16: RegistryEntry] = [:]
        for entry in entries where entry.scope.isResettable {
            guard let seen = first[entry.scope.number] else {
                first[entry.scope.number] = entry
                continue
            }
            if seen.scope != entry.scope { return .conflictingScopes(seen, entry) }
        }
        return nil
    }
}
