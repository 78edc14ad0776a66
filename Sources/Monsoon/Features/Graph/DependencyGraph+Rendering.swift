import Foundation

extension DependencyGraph {
    /// Graphviz DOT text: `dot -Tsvg graph.dot > graph.svg`.
    ///
    /// Nodes are labelled with key, type and scope; shared scopes are filled, abstract definitions
    /// dashed, definitions with closures dotted; edges are labelled with where and how they inject.
    public func dot() -> String {
        var lines = ["digraph Monsoon {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];"]
        for node in nodes {
            var style: [String] = []
            if node.scope.isShared { style.append("filled") }
            if node.isAbstract { style.append("dashed") } else if node.hasOpaqueInjections { style.append("dotted") }
            let label = "\(node.key)\\n\(node.typeName)\\n\(node.scope)"
            var attributes = ["label=\(quoted(label, keepingNewlines: true))"]
            if !style.isEmpty { attributes.append("style=\"\(style.joined(separator: ","))\"") }
            if node.scope.isShared { attributes.append("fillcolor=\"#dbe9f6\"") }
            lines.append("  \(quoted(node.key)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges {
            var attributes = ["label=\(quoted(edge.label))"]
            if edge.kind == .parent { attributes.append("style=dashed, arrowhead=empty") }
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Mermaid flowchart text, for Markdown renderers that draw Mermaid.
    public func mermaid() -> String {
        var ids: [String: String] = [:]
        for (index, node) in nodes.enumerated() { ids[node.key] = "n\(index)" }
        var lines = ["flowchart LR"]
        for node in nodes {
            let id = ids[node.key] ?? node.key
            let label = "\(node.key)<br/>\(node.typeName)<br/>\(node.scope)"
            let text = "\"\(mermaidEscaped(label))\""
            lines.append(node.isAbstract ? "  \(id)[/\(text)/]" : node.scope.isShared ? "  \(id)[(\(text))]" : "  \(id)[\(text)]")
        }
        for edge in edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let arrow = edge.kind == .parent ? "-.->" : "-->"
            lines.append("  \(from) \(arrow)|\"\(mermaidEscaped(edge.label))\"| \(to)")
        }
        return lines.joined(separator: "\n")
    }

    private func quoted(_ text: String, keepingNewlines: Bool = false) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        if keepingNewlines { escaped = escaped.replacingOccurrences(of: "\\\\n", with: "\\n") }
        return "\"\(escaped)\""
    }

    private func mermaidEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "&lt;br/&gt;", with: "<br/>")
    }
}
