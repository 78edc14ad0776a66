/// The registry as a graph: one node per definition, one edge per injection that names another
/// definition, built from the definitions' data without running any user code.
///
/// ```swift
/// print(factory.graph().dot())              // Graphviz
/// print(factory.graph(from: "QuestAssembly.knight()").mermaid())
/// ```
public struct DependencyGraph: Sendable {
    /// One definition.
    public struct Node: Sendable, Hashable {
        /// The definition key, like `QuestAssembly.knight()`.
        public let key: String
        /// The declared component type.
        public let type: String
        public let scope: Scope
        public let isAbstract: Bool
        /// Whether some of its injections are closures whose dependencies are invisible until they run.
        public let hasOpaqueInjections: Bool
    }

    /// How an edge's target is injected.
    public enum EdgeKind: String, Sendable, Hashable {
        case reference, byType, collection, parent, config
        /// A ``Provider`` of the target: built later, on demand, not with the source.
        case provider
        /// One of the components of `.all(T.self)`.
        case all
    }

    /// One injection from `from` to `to`, at `site` (`init #0`, `property`, `method #1`, `parent`).
    public struct Edge: Sendable, Hashable {
        public let from: String
        public let to: String
        public let kind: EdgeKind
        public let site: String
    }

    public let nodes: [Node]
    public let edges: [Edge]

    /// The part of the graph reachable from `key`.
    public func subgraph(from key: String) -> DependencyGraph {
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
    var label: String { kind == .reference ? site : "\(site) (\(kind.rawValue))" }
}

extension Dependency.Site {
    var label: String {
        switch self {
        case .initializer(let argument):
            return "init #\(argument)"
        case .property(let keyPath):
            let text = String(describing: keyPath)
            return text.contains("<computed") ? "property" : text
        case .method(let index, let argument):
            return "method #\(index) arg #\(argument)"
        }
    }
}
