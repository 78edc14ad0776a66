/// Completing registry entries the first time a resolution needs them, rather than at activation.
///
/// Activation evaluates, inherits and checks every definition it registers; what it leaves to the first
/// resolution that reaches an entry is the graph's facts the resolution paths rely on — which components
/// may await or need the main actor (`AsyncReach`) and which shared components form a cycle
/// (`CycleGroups`) — found under one lock by one pass over everything the entry reaches that is not
/// published yet. The pass's first step visits the entry and, when its successors are all published (a
/// leaf, or anything whose graph was built: most first uses), publishes it right there; only otherwise
/// does it make the tables that find the facts of all it reaches. A definition registered after
/// activation (one a parameterized body reached and no assembly lists) is inherited and checked by that
/// pass first, as activation checks what it registers.
///
/// A pass covers everything reachable from where it starts, so the facts of a published entry never
/// change: every strongly connected part of the graph that contains a node of the pass lies inside the
/// pass (anything reachable from it is), and a later pass stops at published entries.
///
/// The lock is held while a parameterized body runs. Bodies only describe components; they run no
/// initializer and resolve nothing (one that does gets an error, not a deadlock), so no pass ever waits
/// for another thread.
final class Preparation: Sendable {
    /// Held for a whole pass; counts the passes (a value with a size: ThreadSanitizer misreads accesses
    /// to an empty one).
    let pass = Locked<Int>(0)
}

extension BlockComponentFactory {
    /// Completes `entry`, and everything its graph reaches, before it is built.
    ///
    /// - Throws: `ErrorKind.invalidDefinition` with activation's messages when `entry`'s own
    ///   definition fails a check. A definition it reaches that fails is left incomplete and throws when
    ///   the resolution reaches it, with its own path.
    func prepare(_ entry: RegistryEntry, path: @autoclosure () -> [String]) throws(ResolutionError) {
        if entry.isPrepared { return }
        // One root without an array: the pass's first step then allocates nothing.
        let problems = preparing { self.preparePass(from: CollectionOfOne(entry)) }
        if !problems.isEmpty, let own = problems[ObjectIdentifier(entry)] {
            throw .invalidDefinition(entry.key, problems: own, path: path() + [entry.key])
        }
        if problems.isEmpty && !entry.isPrepared { throw .resolvedWhileEvaluating(entry.key, path: path()) }
    }

    /// Completes every registered entry, for validation and MonsoonTesting's factories: the problems of
    /// each definition that fails, in registration order. One pass: a pass registers nothing.
    func prepareAll() -> [ValidationReport.Finding] {
        // Inside a pass (a body calling `validate()`) nothing can be completed: stop rather than wait.
        guard !ThreadState.current.pointee.resolutions.isPreparing else { return [] }
        let pending = (catalog.listedEntries + catalog.reachedEntries).filter { !$0.isPrepared }
        guard !pending.isEmpty else { return [] }
        let problems = preparing { self.preparePass(from: pending) }
        return pending.flatMap { problems[ObjectIdentifier($0)] ?? [] }
    }

    /// Runs `body` under the pass lock, unless this thread is already in a pass (a body resolving a
    /// component), which then gets nothing done rather than a deadlock.
    private func preparing(
        _ body: () -> [ObjectIdentifier: [ValidationReport.Finding]]
    ) -> [ObjectIdentifier: [ValidationReport.Finding]] {
        let thread = ThreadState.current
        guard !thread.pointee.resolutions.isPreparing else { return [:] }
        thread.pointee.resolutions.isPreparing = true
        defer { thread.pointee.resolutions.isPreparing = false }
        return preparation.pass.withLock { passes in
            passes += 1
            return body()
        }
    }

    /// One pass from `roots` (under the pass lock): the problems of the entries that could not be
    /// completed, by entry. Its first step publishes each root whose successors are all published,
    /// before the rest of the pass makes any table: most first uses end there.
    private func preparePass(from roots: some Sequence<RegistryEntry>) -> [ObjectIdentifier: [ValidationReport.Finding]] {
        var rest: [(entry: RegistryEntry, problems: [ValidationReport.Finding])] = []
        for root in roots {
            let own = complete(root)
            if own.isEmpty, publishedAlone(root) { continue }
            rest.append((root, own))
        }
        return rest.isEmpty ? [:] : preparePass(collectingFrom: rest)
    }

    /// The rest of a pass, from the roots its first step could not publish with their own problems:
    /// every entry they reach that is not published, its facts, and their publication.
    private func preparePass(
        collectingFrom roots: [(entry: RegistryEntry, problems: [ValidationReport.Finding])]
    ) -> [ObjectIdentifier: [ValidationReport.Finding]] {
        var problems: [ObjectIdentifier: [ValidationReport.Finding]] = [:]
        var nodes: [RegistryEntry] = []
        var failed: [Bool] = []
        var graph: [[Int]] = []          // every edge, for cycles
        var injects: [[Int]] = []        // what builds inject, for awaiting
        var known: [AsyncReach.Flags] = []  // the flags of published entries injected
        // Positions live in the entries for the pass (under the lock), so that finding one hashes nothing.
        func node(_ entry: RegistryEntry) -> Int? {
            if entry.isPrepared { return nil }
            if entry.passPosition >= 0 { return Int(entry.passPosition) }
            entry.passPosition = Int32(nodes.count)
            nodes.append(entry); failed.append(false)
            graph.append([]); injects.append([]); known.append(AsyncReach.Flags())
            return nodes.count - 1
        }
        defer { for entry in nodes { entry.passPosition = -1 } }

        // A root that failed its checks is a node marked failed, so that the pass does not check it again.
        for (root, own) in roots {
            if let position = node(root), !own.isEmpty { problems[ObjectIdentifier(root)] = own; failed[position] = true }
        }
        var position = 0
        while position < nodes.count {
            defer { position += 1 }
            let entry = nodes[position]
            guard !failed[position] else { continue }
            let own = complete(entry)
            guard own.isEmpty else { problems[ObjectIdentifier(entry)] = own; failed[position] = true; continue }
            let flags = visit(entry) { reached, mayBuild, injected in
                // A node for every entry the pass must publish with this one: all it may build.
                guard let reached, let successor = node(reached) else { return }
                if mayBuild { graph[position].append(successor) }
                if injected { injects[position].append(successor) }
            }
            known[position] = flags
        }

        // Successors come before what reaches them, so each part's facts are final when it is reached.
        var reach = known
        for component in CycleGroups.stronglyConnectedComponents(successors: graph) {
            var changed = true
            while changed {
                changed = false
                for member in component {
                    var flags = reach[member]
                    for successor in injects[member] {
                        flags.mayAwait = flags.mayAwait || reach[successor].mayAwait
                        flags.mayNeedMainActor = flags.mayNeedMainActor || reach[successor].mayNeedMainActor
                    }
                    if flags.mayAwait != reach[member].mayAwait || flags.mayNeedMainActor != reach[member].mayNeedMainActor {
                        reach[member] = flags
                        changed = true
                    }
                }
            }
            let isCycle = component.count > 1 || graph[component[0]].contains(component[0])
            let group: UInt32? = isCycle ? CycleGroups.newGroup() : nil
            for member in component where !failed[member] {
                let entry = nodes[member]
                entry.publish(reach: reach[member], cycleGroup: entry.cell != nil ? group : nil)
            }
        }
        return problems
    }

    /// Completes an entry no other thread can see yet — one made for a parameterized definition's new
    /// argument values, on every resolution of an objectGraph or prototype one — by the pass's first step
    /// alone, without the pass lock, when everything it reaches is published; otherwise as `prepare` does.
    func prepareUnshared(_ entry: RegistryEntry, path: @autoclosure () -> [String]) throws(ResolutionError) {
        if publishedAlone(entry) { return }
        try prepare(entry, path: path())
    }

    /// The pass's first step for one root: publishes a completed entry whose successors are all published
    /// (no part of the graph to find with it, no cycle possible); `false` when the pass must go on. Under
    /// the pass lock, or without it for an entry no other thread can see: it changes no other entry.
    private func publishedAlone(_ entry: RegistryEntry) -> Bool {
        if entry.isPrepared { return true }
        guard entry.stage == .completed else { return false }
        var alone = true
        let flags = visit(entry) { _, _, _ in alone = false }
        if alone { entry.publish(reach: flags, cycleGroup: nil) }
        return alone
    }

    /// The one visit of a completed entry's edges, its parent's included, for the first step and the
    /// pass: returns its flags with those of the published entries it injects, and calls `unpublished`
    /// with each entry it reaches that is not published (whether the component may build it, whether it
    /// injects it), or with `nil` for a reference not registered: the first step leaves that to a pass,
    /// under whose lock definitions a parameterized body reached are registered.
    private func visit(
        _ entry: RegistryEntry, unpublished: (_ reached: RegistryEntry?, _ mayBuild: Bool, _ injected: Bool) -> Void
    ) -> AsyncReach.Flags {
        var flags = AsyncReach.Flags(mayAwait: entry.isAsync, mayNeedMainActor: entry.isMainActor)
        guard entry.hasParent || !entry.definition.dependencies.isEmpty else { return flags }
        if let parent = entry.definition.parent {
            let parentEntry = catalog.entry(for: parent)
            if parentEntry?.isPrepared != true { unpublished(parentEntry, true, false) }
        }
        AsyncReach.forEachEdge(of: entry, in: catalog) { edge in
            if let reached = edge.entry, !reached.isPrepared {
                unpublished(reached, edge.mayBuildWithComponent, edge.isBuiltWithComponent)
            } else if edge.entry == nil, let reference = edge.reference, reference.parameterized == nil {
                unpublished(nil, false, false)
            } else if edge.isBuiltWithComponent {
                // Without the lock (an unshared entry) an unpublished successor's fields may be
                // changing: its flags are read only once it is published.
                flags.add(edge) { $0.isPrepared }
            }
        }
        return flags
    }

    /// Resolves the parent chain of an entry registered after activation and checks it as activation
    /// checks what it registers (under the pass lock): the completion's first two steps (see `Completion`).
    private func complete(_ entry: RegistryEntry) -> [ValidationReport.Finding] {
        if entry.stage == .completed { return [] }
        let definition = entry.definition
        var problems: [ValidationReport.Finding] = []
        var inherited: InheritedSteps?
        Completion.inheritAndCheck(
            definition, key: entry.key, scope: entry.scope, inheritance: inheritance,
            configuration: { configuration(forAssembly: $0.assembly, building: definition) },
            reference: { catalog.entry(for: $0) == nil ? unregistered($0) : .found },
            lazyHolder: assemblies.lazyHolder(of:), into: &problems, inherited: { inherited = $0.inherited })
        if problems.isEmpty { entry.complete(inherited: inherited) }
        return problems
    }

    /// Parent chains as the pass sees them (under the pass lock).
    private var inheritance: Inheritance {
        Inheritance { reference in self.catalog.entry(for: reference)?.definition }
    }

    /// Runs a parameterized body as activation runs listed ones: a definition it reaches that no assembly
    /// lists is registered as it would have been had a listed body reached it, so that the app,
    /// `validate()` and a test's factory find the same definitions.
    private func evaluatingBody(_ body: () -> AnyDefinition) -> AnyDefinition {
        let (definition, discovery) = DefinitionEvaluation.discovering(skipping: self, body)
        let found = discovery.found
        guard !found.isEmpty else { return definition }
        if ThreadState.current.pointee.resolutions.isPreparing {
            for reached in found { register(reached: reached) }
        } else {
            _ = preparing {
                for reached in found { self.register(reached: reached) }
                return [:]
            }
        }
        return definition
    }

    /// A parameterized definition's content with its arguments, as a resolution and the graph read it:
    /// evaluated plainly, and again with discovery only when it refers to a definition not registered
    /// (the body is pure, so the second run makes the same definition and registers what it reaches).
    func evaluated(_ parameterized: ParameterizedDefinition) -> AnyDefinition {
        let definition = parameterized.definition
        var reachesUnregistered = false
        for dependency in definition.dependencies where !reachesUnregistered {
            dependency.target.forEachReference { reference in
                if reference.parameterized == nil, catalog.entry(for: reference) == nil { reachesUnregistered = true }
            }
        }
        return reachesUnregistered ? evaluatingBody { parameterized.definition } : definition
    }

    /// Registers what a body reached that is not registered yet (under the pass lock), by activation's
    /// rule: under its assembly's name or that of the activated subclass replacing it. Not when that key
    /// is registered: the replacement lists the method itself (references reach it), another definition
    /// has the key (`unregistered` reports the duplicate to whatever refers to it), or the method has a
    /// second `define`, as one nested in its own body (which `complete` reports).
    private func register(reached definition: AnyDefinition) {
        guard !catalog.isRegistered(definition.identity), let name = assemblies.discoveryAssemblyName(for: definition.assemblyType),
              catalog.listedEntry(forKey: DefinitionKey(assembly: name, method: definition.function).description) == nil else { return }
        let scope = (try? inheritance.resolve(definition).scope) ?? definition.declaredScope ?? .objectGraph
        catalog.register(reached: RegistryEntry(naming: EntryNaming(assemblyName: name), reached: definition, scope: scope))
    }

    /// Why a reference after activation finds no entry, in activation's words: its definition would be
    /// registered under a key another definition has (a duplicate key, reported wherever it is met), or
    /// nothing registers it.
    func unregistered(_ reference: DefinitionReference) -> Completion.ReferenceCheck {
        guard !assemblies.isReplaced(reference.assemblyType), let name = assemblies.discoveryAssemblyName(for: reference.assemblyType),
              let listed = catalog.listedEntry(forKey: DefinitionKey(assembly: name, method: reference.function).description),
              listed.definition.identity != reference.identity else { return .missing(tooDeep: false) }
        return .duplicate(.duplicateKey(listed.key, locations: [listed.definition.location, reference.identity.location]))
    }
}

/// The entries of parameterized definitions, made when a resolution first needs their argument values:
/// evaluated and post-processed, then completed by the same steps and published as above.
extension BlockComponentFactory {
    /// The entry of a parameterized definition for the argument values `reference` carries, from the
    /// catalog, made by the completion's steps when these values are new: their content depends on
    /// them, so activation cannot register them in advance.
    func parameterizedEntry(
        for reference: DefinitionReference, definition parameterized: ParameterizedDefinition,
        path: @autoclosure () -> [String]
    ) throws(ResolutionError) -> RegistryEntry {
        try catalog.parameterizedEntry(for: reference) { () throws(ResolutionError) in
            try completedParameterizedEntry(parameterized, path: path)
        }
    }

    /// Evaluates a parameterized definition with its arguments and post-processes it, then runs the
    /// completion's inherit and check steps and its graph facts (`prepare`), as for any entry.
    private func completedParameterizedEntry(_ parameterized: ParameterizedDefinition, path: () -> [String]) throws(ResolutionError) -> RegistryEntry {
        let definition = try postProcessed(evaluated(parameterized), path: path())
        let key = Self.key(of: definition)
        var problems: [ValidationReport.Finding] = []
        let inheritance = Inheritance { reference in self.registeredDefinition(for: reference) }
        var inherited: Inheritance.Resolved?
        Completion.inheritAndCheck(
            definition, key: key, inheritance: inheritance,
            configuration: { configuration(forAssembly: $0.assembly, building: definition) },
            reference: { catalog.entry(for: $0) == nil ? unregistered($0) : .found },
            lazyHolder: assemblies.lazyHolder(of:), into: &problems, inherited: { inherited = $0 })
        guard let resolved = inherited else {
            // The parent chain's failure in a resolution's words (the finding has activation's): on this
            // error path only, resolved again.
            do throws(Inheritance.Failure) {
                _ = try inheritance.resolve(definition)
            } catch {
                throw .invalidParent(key, explanation: error.explanation(childType: definition.declaredType), path: path() + [key])
            }
            throw .invalidDefinition(key, problems: problems, path: path() + [key], withArguments: true)
        }
        if resolved.scope.isEager { throw .singletonWithArguments(key, scope: resolved.scope, path: path() + [key]) }
        if !problems.isEmpty { throw .invalidDefinition(key, problems: problems, path: path() + [key], withArguments: true) }
        let naming = EntryNaming(assemblyName: definition.assemblyType.map { typeName($0) } ?? "", keyWithArguments: key)
        let entry = RegistryEntry(naming: naming, definition: definition, scope: resolved.scope, inherited: resolved.inherited)
        try prepareUnshared(entry, path: path())
        return entry
    }

    /// `QuestAssembly.knight(named: "Lancelot")`: the method with its argument values in place.
    static func key(of definition: AnyDefinition) -> String {
        DefinitionKey(assemblyType: definition.assemblyType, method: definition.function, arguments: definition.arguments).description
    }

    static func key(of reference: DefinitionReference) -> String {
        DefinitionKey(assemblyType: reference.assemblyType, method: reference.function, arguments: reference.arguments).description
    }

    /// The registered (parameterless) definition a reference points to, following assembly replacement.
    /// It is completed first; `nil` when that fails (its own resolution reports why).
    func registeredDefinition(for reference: DefinitionReference) -> AnyDefinition? {
        guard let entry = catalog.entry(for: reference), (try? prepare(entry, path: [])) != nil else { return nil }
        return entry.definition
    }
}

extension BlockComponentFactory: RegisteredIdentities {
    /// Whether the catalog has an entry for `identity`: what discovery skips while a body runs after activation.
    func isRegistered(_ identity: DefinitionIdentity) -> Bool {
        catalog.isRegistered(identity)
    }
}
