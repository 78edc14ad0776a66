/// What `Assembly.define` is doing on the current thread.
///
/// Inside a definition, calling another assembly method (`quest()` in `knight()`) must yield a
/// reference, not that method's whole definition: evaluating it would evaluate its references in turn,
/// recursing forever on a cycle and costing the whole transitive graph on every call. So the outermost
/// `define` on a thread evaluates its body, and every parameterless `define` reached from inside it
/// returns a reference. (A parameterized definition's body waits for its arguments: see `ParameterizedDefinition`.)
/// When the factory only needs to know *which* definition a method returns (resolving by method
/// reference), even the outermost parameterless `define` returns a reference.
@usableFromInline
enum DefinitionEvaluation {
    @usableFromInline
    enum Mode: Sendable {
        /// No `define` is running: the next one evaluates its body.
        case idle
        /// A `define` body is running: nested parameterless ones return references.
        case evaluating
        /// The factory wants identities only: parameterless `define`s return references.
        case identifying
    }

    /// What `define` is doing on one thread: a part of that thread's ``ThreadState``.
    @usableFromInline
    struct State {
        @usableFromInline var mode = Mode.idle
        /// The assembly whose definition body is running: what `.config` injections made in it read
        /// their keys from (its own configuration), wherever the definition is later built.
        @usableFromInline var declaringAssembly: ObjectIdentifier?
        /// Set while activation lists an assembly's definitions: the definitions their bodies reach are
        /// evaluated too and collected here, so that they are registered without being listed.
        var discovery: Discovery?
        /// Whether `discovery` is set: read by `define`, inlined into assemblies, without the type.
        @usableFromInline var isDiscovering = false
        /// The call sites of definitions written without `define` whose arguments are being evaluated,
        /// innermost last: a site met again while on this list is an endless recursion.
        var sitesUnderConstruction: [DefinitionIdentity] = []
    }

    /// What activation discovers through references while it lists definitions.
    struct Discovery {
        /// Identities already evaluated (or being evaluated), with the depth they were evaluated at: each
        /// is evaluated once, and a cycle of references ends at the second visit. Once a chain was cut
        /// for depth, one reached again by a shorter path is evaluated again, so that a definition listed
        /// farther along a long chain carries discovery past the cut.
        var seen: [DefinitionIdentity: Int] = [:]
        /// Definitions evaluated because another definition referred to them, in discovery order.
        var found: [AnyDefinition] = []
        /// How many discovered bodies are being evaluated, one inside the other.
        var depth = 0
        /// The identities reached too deep in a chain to be evaluated: reported if never registered.
        var tooDeep: Set<DefinitionIdentity> = []
        /// Bodies of `define(_:_:)` that set another scope than the one `define` gives, for activation to report.
        var scopeConflicts: [ScopeConflict] = []
        /// What says whether an identity is registered already, so that its body need not run again: set
        /// when a parameterized body is evaluated after activation, when most of what it reaches is
        /// registered. An object
        /// rather than a closure, which would allocate a context for every first use.
        var registered: (any RegisteredIdentities)?

        /// Discovery evaluates a referenced body inside the body that refers to it: a chain this deep is
        /// left to the definitions listed (each listed definition starts a chain of its own).
        static let depthLimit = 128

        /// Whether to evaluate `identity` now: not seen yet (or, once a chain was cut, seen only deeper),
        /// and neither too deep nor too low on stack, which is recorded for the activation error.
        mutating func admit(_ identity: DefinitionIdentity, stackIsLow: Bool) -> Bool {
            if let seenAt = seen[identity], tooDeep.isEmpty || depth >= seenAt { return false }
            if let registered, registered.isRegistered(identity) { return false }
            guard depth < Self.depthLimit, !stackIsLow else {
                tooDeep.insert(identity)
                return false
            }
            seen[identity] = depth
            depth += 1
            return true
        }
    }

    /// Runs `body` (which lists definitions) collecting the definitions their bodies reach by reference.
    ///
    /// - Parameter registered: whether an identity is registered already: its body is not run again.
    static func discovering<R>(
        skipping registered: (any RegisteredIdentities)? = nil, _ body: () -> R
    ) -> (result: R, discovery: Discovery) {
        let state = ThreadState.current
        // Swapped in and out rather than copied: a copy of the discovery retains each of its collections.
        var discovery: Discovery? = Discovery(registered: registered)
        swap(&state.pointee.definitions.discovery, &discovery)
        state.pointee.definitions.isDiscovering = true
        let result = with(.idle, body)
        swap(&state.pointee.definitions.discovery, &discovery)
        state.pointee.definitions.isDiscovering = state.pointee.definitions.discovery != nil
        return (result, discovery ?? Discovery())
    }

    /// Whether the definition at `identity`, reached by reference from a body being evaluated, should be
    /// evaluated now for discovery; if so the caller evaluates it and hands it to `discovered(_:)`.
    @usableFromInline
    static func shouldDiscover(_ identity: DefinitionIdentity) -> Bool {
        let state = ThreadState.current
        guard state.pointee.definitions.discovery != nil, state.pointee.definitions.mode == .evaluating else { return false }
        let stackIsLow = ThreadStack.currentDepthMarker() <= state.pointee.resolutions.stackFloor
        // Changed in place: a copy taken out and written back would share the set's storage, and the
        // first insertion would then copy all of it, once per definition.
        return state.pointee.definitions.discovery?.admit(identity, stackIsLow: stackIsLow) ?? false
    }

    /// Records a definition evaluated because `shouldDiscover` said so.
    @usableFromInline
    static func discovered(_ definition: some ComponentDefinition) {
        let state = ThreadState.current
        state.pointee.definitions.discovery?.depth -= 1
        state.pointee.definitions.discovery?.found.append(definition.erased)
    }

    /// A body of `define(_:_:)` that sets another scope than `define`'s.
    struct ScopeConflict {
        let identity: DefinitionIdentity
        let assemblyType: Assembly.Type
        let function: StaticString
        let given: Scope
        let set: Scope
    }

    /// Records that the body `define(_:_:)` ran at `identity` set the scope `set`, not the `given` one:
    /// activation reports it (outside activation, the body's own scope stands).
    @usableFromInline
    static func scopeConflict(at identity: DefinitionIdentity, assemblyType: Assembly.Type, function: StaticString, given: Scope, set: Scope) {
        ThreadState.current.pointee.definitions.discovery?.scopeConflicts.append(
            ScopeConflict(identity: identity, assemblyType: assemblyType, function: function, given: given, set: set))
    }

    /// Evaluates the arguments of the definition made at `site`, or returns `nil` when that site is
    /// already evaluating its arguments on this thread: a definition written without `define` that
    /// reaches itself through its own arguments, which would otherwise recurse until the stack overflows.
    @inlinable
    static func constructing<Sources>(_ site: DefinitionIdentity, _ evaluate: () -> Sources) -> Sources? {
        guard enter(site) else { return nil }
        defer { leave() }
        return evaluate()
    }

    @usableFromInline
    static func enter(_ site: DefinitionIdentity) -> Bool {
        let state = ThreadState.current
        if state.pointee.definitions.sitesUnderConstruction.contains(site) { return false }
        state.pointee.definitions.sitesUnderConstruction.append(site)
        return true
    }

    @usableFromInline
    static func leave() {
        ThreadState.current.pointee.definitions.sitesUnderConstruction.removeLast()
    }

    /// Runs a definition body of `assembly`'s, so that what it creates knows its assembly.
    @usableFromInline
    static func declaring<R>(_ assembly: ObjectIdentifier, _ body: () throws -> R) rethrows -> R {
        let state = ThreadState.current
        let previous = state.pointee.definitions.declaringAssembly
        state.pointee.definitions.declaringAssembly = assembly
        defer { state.pointee.definitions.declaringAssembly = previous }
        return try body()
    }

    /// Runs `body` with this thread in `mode`, restoring the previous mode afterwards.
    @inlinable
    static func with<R>(_ mode: Mode, _ body: () throws -> R) rethrows -> R {
        let state = ThreadState.current
        let previous = state.pointee.definitions.mode
        state.pointee.definitions.mode = mode
        defer { state.pointee.definitions.mode = previous }
        return try body()
    }
}

/// Whether a definition is registered already (the factory's catalog says), for discovery to skip it.
protocol RegisteredIdentities: AnyObject {
    func isRegistered(_ identity: DefinitionIdentity) -> Bool
}

// A namespace: it holds no state of its own (each thread's state is behind its own pointer).
extension DefinitionEvaluation: Sendable {}

@available(*, unavailable, message: "Each thread has its own state.")
extension DefinitionEvaluation.State: Sendable {}
