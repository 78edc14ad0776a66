/// Builds a ``DependencyGraph`` from a factory's registry, following references by data only.
/// Parameterized definitions reached through references are evaluated (their bodies only make
/// definitions) so that they appear with their argument values.
struct GraphBuilder {
    let factory: BlockComponentFactory
    private(set) var nodes: [DefinitionInfo] = []
    private(set) var edges: [DependencyGraph.Edge] = []
    /// Findings about targets that cannot be followed: unknown references, by-type lookups with none or
    /// several candidates.
    private(set) var unresolved: [(from: String, site: InjectionSite, problem: UnresolvedTarget)] = []
    private var visited: Set<String> = []
    /// How many parameterized definitions the graph evaluates before it stops following providers.
    static let parameterizedLimit = 1_000
    /// Keys of parameterized definitions reached through references.
    private(set) var parameterizedKeys: Set<String> = []
    /// Where following parameterized references stopped at `parameterizedLimit`, per registered
    /// definition the chain started from: the edge not followed.
    private(set) var truncatedChains: [(root: String, from: String, to: String)] = []
    /// The problems of definitions registered while the graph was drawn (reached unlisted from a
    /// parameterized body), which validation's own completion, run before, could not see.
    private(set) var laterProblems: [ValidationReport.Finding] = []

    enum UnresolvedTarget {
        case undeclaredDefinition(function: String, location: String, assembly: Assembly.Type?)
        case noCandidate(type: Any.Type)
        case ambiguous(type: Any.Type, candidates: [String])
    }

    /// Parameterized definitions reached but not yet added: a work list rather than recursion, because
    /// chains of them (through providers) can be long.
    private var pending: [(definition: AnyDefinition, key: String, root: String)] = []

    init(factory: BlockComponentFactory) {
        self.factory = factory
        // The graph's facts (what may await, what needs the main actor) are found for every entry first.
        _ = factory.prepareAll()
        var drawn = 0
        repeat {
            let discovered = factory.catalog.reachedEntries
            drawn = discovered.count
            for entry in factory.catalog.listedEntries + discovered {
                add(entry.definition, key: entry.key, scope: entry.scope, root: entry.key)
            }
            while let next = pending.popLast() {
                add(next.definition, key: next.key, scope: next.definition.declaredScope ?? .objectGraph, root: next.root)
            }
            // A parameterized body registered a definition it reaches unlisted: complete it and draw it too.
            if factory.catalog.reachedEntries.count != drawn { laterProblems += factory.prepareAll() }
        } while factory.catalog.reachedEntries.count != drawn
    }

    var graph: DependencyGraph { DependencyGraph(nodes: nodes, edges: edges) }

    private mutating func add(_ definition: AnyDefinition, key: String, scope: Scope, root: String) {
        guard visited.insert(key).inserted else { return }
        nodes.append(DefinitionInfo(key: key, definition: definition, scope: scope))
        if let parent = definition.parent, let parentKey = registeredKey(parent) {
            edges.append(DependencyGraph.Edge(from: key, to: parentKey, kind: .parent, site: nil))
        }
        for dependency in definition.dependencies {
            follow(dependency.target, from: key, site: dependency.site, root: root)
        }
    }

    /// Draws every edge of an injection, the parameterized definitions it reaches evaluated with their
    /// argument values; what cannot be followed becomes a finding (a reference no assembly lists, a type
    /// with no or several definitions). Providers are drawn too: the graph shows what a component may
    /// build, not only what it builds when it is built.
    private mutating func follow(_ target: Dependency.Target, from key: String, site: InjectionSite, root: String) {
        target.forEachEdge(declaring: { factory.catalog.entries(declaring: $0) }, lookup: { factory.catalog.entry(for: $0) }) { edge in
            switch edge.kind {
            case .reference, .parameterized, .provider:
                guard let reference = edge.reference else { return }
                let kind: DependencyGraph.EdgeKind = edge.kind == .provider ? .provider : edge.isCollected ? .collection : .reference
                if let parameterized = reference.parameterized {
                    drawParameterized(reference, parameterized, from: key, site: site, kind: kind, root: root)
                } else if let entry = edge.entry {
                    edges.append(DependencyGraph.Edge(from: key, to: entry.key, kind: kind, site: site))
                } else {
                    unresolved.append((key, site, .undeclaredDefinition(function: reference.function, location: reference.identity.location,
                                                                        assembly: reference.assemblyType)))
                }
            case .soleByType:
                if let entry = edge.entry { edges.append(DependencyGraph.Edge(from: key, to: entry.key, kind: .byType, site: site)) }
            case .ambiguousByType:
                // One finding per injection, with every candidate: made at the first.
                guard let type = edge.type, let candidates = factory.catalog.entries(declaring: type),
                      candidates.first === edge.entry else { return }
                unresolved.append((key, site, .ambiguous(type: type, candidates: candidates.map(\.key))))
            case .unregisteredType:
                // An implicit component is registered when first asked for: no definition is needed.
                if let type = edge.type, !Completion.isImplicit(type) { unresolved.append((key, site, .noCandidate(type: type))) }
            case .allOfType:
                if let entry = edge.entry { edges.append(DependencyGraph.Edge(from: key, to: entry.key, kind: .all, site: site)) }
            }
        }
    }

    /// Draws the edge to a parameterized definition and queues it, evaluated with its argument values,
    /// unless the chain of them is past `parameterizedLimit`.
    private mutating func drawParameterized(
        _ reference: DefinitionReference, _ parameterized: ParameterizedDefinition, from key: String, site: InjectionSite,
        kind: DependencyGraph.EdgeKind, root: String
    ) {
        let targetKey = BlockComponentFactory.key(of: reference)
        edges.append(DependencyGraph.Edge(from: key, to: targetKey, kind: kind, site: site))
        guard !visited.contains(targetKey), !parameterizedKeys.contains(targetKey) else { return }
        // A definition may inject itself with new arguments without end (page(n) injecting page(n + 1)):
        // past the limit the chain is drawn but not followed, and reported (not when a provider cuts it:
        // a provider naming its own definition with other arguments builds nothing until asked).
        guard parameterizedKeys.count < Self.parameterizedLimit else {
            if kind != .provider, !truncatedChains.contains(where: { $0.root == root }) {
                truncatedChains.append((root, key, targetKey))
            }
            return
        }
        parameterizedKeys.insert(targetKey)
        // Evaluated as a resolution evaluates it, registering what it reaches unlisted.
        pending.append((factory.evaluated(parameterized), targetKey, root))
    }

    private func registeredKey(_ reference: DefinitionReference) -> String? {
        factory.catalog.entry(for: reference)?.key
    }
}
