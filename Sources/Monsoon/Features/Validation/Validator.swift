/// Checks a factory's graph, as data, for everything that would fail or surprise at resolution time.
struct Validator {
    let factory: BlockComponentFactory
    let graph: DependencyGraph
    let unresolved: [(from: String, site: InjectionSite, problem: GraphBuilder.UnresolvedTarget)]
    let parameterizedKeys: Set<String>
    let truncatedChains: [(root: String, from: String, to: String)]
    let laterProblems: [ValidationReport.Finding]

    init(factory: BlockComponentFactory) {
        let builder = GraphBuilder(factory: factory)
        self.factory = factory
        self.graph = builder.graph
        self.unresolved = builder.unresolved
        self.parameterizedKeys = builder.parameterizedKeys
        self.truncatedChains = builder.truncatedChains
        self.laterProblems = builder.laterProblems.filter { $0.kind != .undeclaredDefinition }
    }

    func findings() -> [ValidationReport.Finding] {
        laterProblems + unresolvedFindings() + unboundedChains() + initializerCycles() + abstractReferences() + singletonsWithArguments()
            + captiveDependencies() + childComponentsCaptured() + awaitingDefinitions() + mainActorDefinitions() + mainActorSingletons()
            + opaqueDefinitions() + unusedDefinitions()
    }

    private var nodesByKey: [String: DefinitionInfo] {
        Dictionary(graph.nodes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func unresolvedFindings() -> [ValidationReport.Finding] {
        unresolved.map { from, site, problem in Self.finding(from: from, site: site, problem, in: factory) }
    }

    /// What validation, and activation for an initializer wired by type, say about a target that cannot be
    /// followed.
    static func finding(
        from: String, site: InjectionSite, _ problem: GraphBuilder.UnresolvedTarget, in factory: BlockComponentFactory
    ) -> ValidationReport.Finding {
        // An initializer named alone (`Definition(Garage.init(engine:wheels:))`) has no argument list to edit yet.
        let wired = factory.catalog.entry(forKey: from)?.definition.isWiredByType == true
        switch problem {
        case .undeclaredDefinition(let function, let location, let assembly):
            let declaring = assembly.map(typeName) ?? "its assembly"
            return ValidationReport.Finding(
                severity: .error, kind: .undeclaredDefinition, subject: from, path: [from, function],
                message: "\(from) (\(site.label)) references \(function) (\(location)), which no activated assembly lists. "
                    + "List \(function) in \(declaring)'s `override var definitions`.")
        case .noCandidate(let type):
            let unlisted = factory.unlistedDefinitions(declaring: type).map { " " + $0 + "." }.joined()
            let fix = wired ? " Define one in an activated assembly, or pass every argument instead of naming the initializer alone "
                + "(a `.value(…)` for this one)." : ""
            return ValidationReport.Finding(
                severity: .error, kind: .noDefinitionForType, subject: from, path: [from, typeName(type)],
                message: "\(from) (\(site.label)) injects \(typeName(type)) by type, but no definition declares it.\(unlisted)\(fix)")
        case .ambiguous(let type, let candidates):
            let fix = wired ? "Pass every argument instead of naming the initializer alone: the one you mean by reference, `.byType()` for the others."
                : "Inject one of them by reference."
            return ValidationReport.Finding(
                severity: .error, kind: .ambiguousType, subject: from, path: [from, typeName(type)],
                message: "\(from) (\(site.label)) injects \(typeName(type)) by type, but \(candidates.count) definitions declare it: "
                    + "\(candidates.joined(separator: ", ")). \(fix)")
        }
    }

    /// Chains of parameterized definitions too long to follow: almost always one that injects itself with
    /// new arguments, which no resolution can finish.
    private func unboundedChains() -> [ValidationReport.Finding] {
        truncatedChains.map { root, from, to in
            finding(.error, .unboundedRecursion, root, [root, from, to],
                    "\(root) reaches more than \(GraphBuilder.parameterizedLimit) parameterized definitions through references "
                        + "(… → \(from) → \(to)): a definition that injects itself with new runtime arguments never ends. "
                        + "Inject a Provider and resolve the next one when it is needed, or end the chain with a check on the arguments.")
        }
    }

    /// Cycles made only of initializer injections, which no order of construction can satisfy.
    private func initializerCycles() -> [ValidationReport.Finding] {
        var successors: [String: [String]] = [:]
        for edge in graph.edges where edge.kind != .provider && edge.site?.isInitializerArgument == true {
            successors[edge.from, default: []].append(edge.to)
        }
        var findings: [ValidationReport.Finding] = []
        var reported: Set<Set<String>> = []
        for start in graph.nodes.map(\.key) {
            guard let cycle = Self.cycle(from: start, successors: successors), reported.insert(Set(cycle)).inserted else { continue }
            findings.append(finding(.error, .initializerCycle, cycle[0], cycle,
                                    "initializer cycle \(cycle.joined(separator: " → ")). Move one side to a property or method injection."))
        }
        return findings
    }

    /// A cycle through `start`, as a path that begins and ends with it, if there is one. Depth-first with
    /// an explicit stack, so that a chain thousands of definitions long cannot overflow the thread's.
    static func cycle(from start: String, successors: [String: [String]]) -> [String]? {
        var path = [start]
        var nextSuccessor = [0]
        var onPath: Set<String> = [start]
        var visited: Set<String> = []
        while let node = path.last {
            let candidates = successors[node] ?? []
            let index = nextSuccessor[nextSuccessor.count - 1]
            guard index < candidates.count else {
                path.removeLast()
                nextSuccessor.removeLast()
                onPath.remove(node)
                continue
            }
            nextSuccessor[nextSuccessor.count - 1] += 1
            let next = candidates[index]
            if next == start { return path + [start] }
            guard !onPath.contains(next), visited.insert(next).inserted else { continue }
            path.append(next)
            nextSuccessor.append(0)
            onPath.insert(next)
        }
        return nil
    }

    private func abstractReferences() -> [ValidationReport.Finding] {
        let nodes = nodesByKey
        return graph.edges.compactMap { edge in
            guard edge.kind != .parent, nodes[edge.to]?.isAbstract == true else { return nil }
            return finding(.error, .abstractDefinition, edge.from, [edge.from, edge.to],
                           "\(edge.from) (\(edge.siteLabel)) injects \(edge.to), which is abstract and can only be a parent.")
        }
    }

    private func singletonsWithArguments() -> [ValidationReport.Finding] {
        graph.nodes.filter { parameterizedKeys.contains($0.key) && $0.scope.isEager }.map { node in
            finding(.error, .singletonWithArguments, node.key, [node.key],
                    node.scope.isOwn
                        ? "\(node.key) has runtime arguments but is in \(node.scope.declaration), which builds at activation, before any "
                            + "arguments exist. \(node.scope.fix(dropping: "eager: true", orUse: ".lazySingleton"))."
                        : "\(node.key) has runtime arguments but is a singleton, which is built at activation; use lazySingleton.")
        }
    }

    /// A long-lived component holding a shorter-lived one keeps it past its intended life; one that is
    /// not isolated to the main actor holding a main-actor one (the isolation form) may hand it to any
    /// thread.
    private func captiveDependencies() -> [ValidationReport.Finding] {
        let nodes = nodesByKey
        return graph.edges.flatMap { edge -> [ValidationReport.Finding] in
            guard edge.kind != .parent, edge.kind != .provider, let holder = nodes[edge.from], let held = nodes[edge.to],
                  holder.scope.keepsForFactoryLifetime
            else { return [] }
            var found: [ValidationReport.Finding] = []
            if !held.scope.keepsForFactoryLifetime {
                found.append(finding(.warning, .captiveDependency, edge.from, [edge.from, edge.to],
                                     "\(edge.from) (\(holder.scope)) holds \(edge.to) (\(held.scope)) through \(edge.siteLabel): "
                                         + "the \(holder.scope) keeps one \(held.typeName) for the factory's lifetime. "
                                         + "Inject a Provider to get a fresh one when needed, or widen \(edge.to)'s scope."))
            }
            if let holderEntry = factory.catalog.listedEntry(forKey: edge.from), let heldEntry = factory.catalog.listedEntry(forKey: edge.to),
               !holderEntry.isMainActor, heldEntry.isMainActor {
                found.append(finding(.warning, .captiveDependency, edge.from, [edge.from, edge.to],
                                     "\(edge.from) (\(holder.scope)) is not isolated to the main actor but holds \(edge.to), which is, "
                                         + "through \(edge.siteLabel): it keeps a main-actor component for the factory's lifetime and may use "
                                         + "it from any thread. Isolate \(edge.from) to the main actor too, or inject a Provider and resolve "
                                         + "\(edge.to) on the main actor."))
            }
            return found
        }
    }

    /// For a child factory: the parent's shared components that would reach one of the child's own
    /// definitions. The parent builds and pools them from its own definitions, so the build would
    /// either fail there or keep the child's component past the child's close. One search backwards
    /// from the child's definitions through the parent's, so linear in the graph.
    private func childComponentsCaptured() -> [ValidationReport.Finding] {
        guard let parent = factory.parent else { return [] }
        // The parent's definitions, listed or reached (`child(_:)` had the parent register every one).
        let parentKeys = Set(factory.catalog.allEntries.filter { parent.catalog.isRegistered($0.definition.identity) }.map(\.key))
        var predecessors: [String: [String]] = [:]
        for edge in graph.edges where edge.kind != .parent { predecessors[edge.to, default: []].append(edge.from) }
        // For each of the parent's definitions that reaches one of the child's: the next step towards it.
        var toward: [String: String] = [:]
        var queue = graph.nodes.map(\.key).filter { !parentKeys.contains($0) }
        var seen = Set(queue)
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            for from in predecessors[node] ?? [] where parentKeys.contains(from) && seen.insert(from).inserted {
                toward[from] = node
                queue.append(from)
            }
        }
        return graph.nodes.compactMap { node in
            guard node.scope.isShared, toward[node.key] != nil else { return nil }
            var path = [node.key]
            var current = node.key
            while let step = toward[current] {
                path.append(step)
                current = step
            }
            return finding(.error, .childComponentCaptured, node.key, path,
                           "\(node.key) (\(node.scope)) is the parent factory's, and would hold \(current), this child's own component, "
                               + "past the child's close: \(path.joined(separator: " → ")). The parent builds it from its own definitions, "
                               + "where \(current) is not. Move \(node.key) into the child's assemblies, or give it \(current) "
                               + "from code that resolves it from the child.")
        }
    }

    /// Synchronous definitions above an async initializer: fine to resolve with `await`, and worth
    /// knowing before a synchronous call site finds out.
    private func awaitingDefinitions() -> [ValidationReport.Finding] {
        factory.catalog.listedEntries.compactMap { entry in
            guard entry.reach.mayAwait, !entry.isAsync,
                  let path = AsyncReach.path(toAsyncFrom: entry, in: factory, includingBuilt: true), let last = path.last
            else { return nil }
            let start = entry.scope.isEager ? " As an eager singleton, it is built by `try await factory.start()`." : ""
            return finding(.info, .asyncRequired, entry.key, path,
                           "\(entry.key) reaches \(last), whose initializer is async (\(path.joined(separator: " → "))): "
                               + "resolve it with `try await`; a synchronous resolution throws asyncRequired.\(start)")
        }
    }

    /// Definitions built on the main actor, or reaching one that is: what a synchronous resolution from
    /// another thread cannot do, said before a call site finds out.
    private func mainActorDefinitions() -> [ValidationReport.Finding] {
        factory.catalog.listedEntries.compactMap { entry in
            guard entry.reach.mayNeedMainActor,
                  let path = AsyncReach.path(toAsyncFrom: entry, in: factory, includingBuilt: true, requirement: .mainActor),
                  let last = path.last
            else { return nil }
            let what = path.count == 1 ? "\(entry.key) is built on the main actor" : "\(entry.key) reaches \(last), which is built on the main actor (\(path.joined(separator: " → ")))"
            return finding(.info, .mainActorRequired, entry.key, path,
                           "\(what): resolve it on the main actor, or with `try await`, which goes there; a synchronous resolution "
                               + "on another thread throws mainActorRequired.")
        }
    }

    /// Eager singletons that need the main actor: activation builds them where the factory is created.
    private func mainActorSingletons() -> [ValidationReport.Finding] {
        factory.catalog.listedEntries.compactMap { entry in
            guard entry.scope.isEager, entry.reach.mayNeedMainActor, !entry.reach.mayAwait, !entry.definition.isAbstract,
                  let path = AsyncReach.path(toAsyncFrom: entry, in: factory, includingBuilt: true, requirement: .mainActor)
            else { return nil }
            return finding(.warning, .mainActorRequired, entry.key, path,
                           "\(entry.key) is an eager singleton that needs the main actor (\(path.joined(separator: " → "))), and activation "
                               + "builds it on the thread that creates the factory: create the factory on the main actor, or make it a "
                               + "lazySingleton.")
        }
    }

    private func opaqueDefinitions() -> [ValidationReport.Finding] {
        graph.nodes.filter(\.hasOpaqueInjections).map { node in
            finding(.info, .opaqueDefinition, node.key, [node.key],
                    "\(node.key) injects through closures, whose dependencies are not visible without running them; "
                        + "validate(buildingOpaqueDefinitions: true) builds it in a throwaway factory to find out.")
        }
    }

    private func unusedDefinitions() -> [ValidationReport.Finding] {
        let referenced = Set(graph.edges.map(\.to))
        return graph.nodes.filter { !referenced.contains($0.key) && !$0.isAbstract && !parameterizedKeys.contains($0.key) }.map { node in
            finding(.info, .unused, node.key, [node.key],
                    "\(node.key) is not injected into any other definition (fine for components resolved directly).")
        }
    }

    private func finding(_ severity: ValidationReport.Severity, _ kind: ErrorKind, _ subject: String,
                         _ path: [String], _ message: String) -> ValidationReport.Finding {
        ValidationReport.Finding(severity: severity, kind: kind, subject: subject, path: path, message: message)
    }
}
