/// The registry as a graph: one node per definition, one edge per injection that names another
/// definition, built from the definitions' data without running any user code.
///
/// ```swift
/// print(factory.graph().dot())              // Graphviz
/// print(factory.graph(from: "QuestAssembly.knight()").mermaid())
/// ```
public struct DependencyGraph: Sendable {
    /// How an edge's target is injected.
    public enum EdgeKind: String, Sendable, Hashable {
        /// By reference to its definition (`quest()`).
        case reference
        /// As the unique definition declaring a type (`.byType()`).
        case byType
        /// As an element of `.array` or `.dictionary`.
        case collection
        /// As the source's parent definition: not built, its injections are inherited.
        case parent
        /// A ``Provider`` of the target: built later, on demand, not with the source.
        case provider
        /// One of the components of `.all(T.self)`.
        case all
    }

    /// One injection from `from` to `to`, at `site`.
    public struct Edge: Sendable, Hashable {
        /// The key of the definition that injects.
        public let from: String
        /// The key of the definition injected.
        public let to: String
        /// How it is injected.
        public let kind: EdgeKind
        /// Where: an initializer argument, a property, a method argument; `nil` for a parent.
        public let site: InjectionSite?

        /// How graphs and messages name the site: `init #0`, `\Knight.armory`, `method #0 arg #1`,
        /// `parent`.
        public var siteLabel: String { site?.label ?? "parent" }
    }

    /// The definitions, in registration order.
    public let nodes: [DefinitionInfo]
    /// The injections between them.
    public let edges: [Edge]

    /// The part of the graph reachable from `key`.
    func subgraph(from key: String) -> DependencyGraph {
        var reached: Set<String> = [key]
        var pending = [key]
        while let current = pending.popLast() {
            for edge in edges where edge.from == current && reached.insert(edge.to).inserted {
                pending.append(edge.to)
            }
        }
        return DependencyGraph(nodes: nodes.filter { reached.contains($0.key) },
                               edges: edges.filter { reached.contains($0.from) && reached.contains($0.to) })
    }
}

extension DependencyGraph.Edge {
    var label: String { kind == .reference ? siteLabel : "\(siteLabel) (\(kind.rawValue))" }
}
