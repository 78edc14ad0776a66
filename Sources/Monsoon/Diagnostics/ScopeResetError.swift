/// Why ``BlockComponentFactory/reset(_:)`` did not empty a scope's pools.
public struct ScopeResetError: Error, Sendable, CustomStringConvertible {
    /// ``ErrorKind/scopeNotResettable`` or ``ErrorKind/resetDuringResolution``.
    public let kind: ErrorKind
    /// The scope that was to be reset.
    public let scope: Scope
    public let description: String

    private init(_ kind: ErrorKind, _ scope: Scope, _ problem: String, advice: String) {
        self.kind = kind
        self.scope = scope
        description = "Cannot reset \(scope.name): \(problem)\n  \(advice)"
    }

    static func notResettable(_ scope: Scope) -> Self {
        let problem = scope.isShared
            ? "the built-in \(scope.name) scope keeps what it pools for the factory's lifetime."
            : "\(scope.name) components live no longer than a resolution, so no pool holds them."
        return Self(.scopeNotResettable, scope, problem,
                    advice: "Declare a scope of your own (static let cache = Scope(\"cache\")), define the components in it, and reset that; "
                        + "or make a new factory.")
    }

    static func duringResolution(_ scope: Scope) -> Self {
        Self(.resetDuringResolution, scope, "it was called while a component was being built on this thread.",
             advice: "Reset outside any initializer or hook: a resolution may be building from the pools being emptied.")
    }
}
