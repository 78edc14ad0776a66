/// Why ``BlockComponentFactory/reset(_:)`` did not empty a scope's pools.
public struct ScopeResetError: Error, Sendable, CustomStringConvertible {
    /// ``ErrorKind/scopeNotResettable``, ``ErrorKind/resetDuringResolution`` or ``ErrorKind/unknownScope``.
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

    /// - Parameter pooled: the names of the scopes of one's own the factory's definitions are in.
    static func unknownScope(_ scope: Scope, pooled: [String]) -> Self {
        let nearest = nearestNames(to: scope.name, among: pooled)
        let ordered = nearest + pooled.filter { !nearest.contains($0) }
        let known = ordered.isEmpty ? "This factory pools no scope of your own." : "The scopes of your own it pools, nearest first: \(ordered.joined(separator: ", "))."
        return Self(.unknownScope, scope, "no definition of this factory is in that scope, so there is nothing to reset.",
                    advice: known + " Reset the scope its definitions are declared in (define(.\(nearest.first ?? "myScope")) { … }); "
                        + "a scope is known by its name, and one that only definitions with runtime arguments are in, once another "
                        + "definition refers to one of them or one is resolved.")
    }
}
