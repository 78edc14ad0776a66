import Monsoon
import Testing

@Suite struct GraphExportTests {
    let factory: BlockComponentFactory

    init() throws {
        factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())])
    }

    @Test func theGraphHasOneNodePerDefinitionAndOneEdgePerInjection() {
        let graph = factory.graph()
        #expect(graph.nodes.map(\.key) == factory.definitions.map(\.key))
        let knightEdges = graph.edges.filter { $0.from == "QuestAssembly.knight()" }.map { "\($0.siteLabel) → \($0.to)" }
        #expect(knightEdges == [
            "init #0 → QuestAssembly.quest()", "init #1 → QuestAssembly.horse()", "init #2 → QuestAssembly.logDefinition()",
            "\\Knight.armory → QuestAssembly.armory()", "method #0 arg #0 → QuestAssembly.horse()",
        ])
        // Sites are typed, the same values a definition post-processor rewrites.
        #expect(graph.edges.filter { $0.from == "QuestAssembly.knight()" }.map(\.site) == [
            .initializerArgument(0), .initializerArgument(1), .initializerArgument(2),
            .property(\Knight.armory), .methodArgument(method: 0, argument: 0),
        ])
        #expect(graph.nodes.first { $0.key == "QuestAssembly.horse()" }?.scope == .prototype)
        #expect(graph.nodes.first { $0.key == "QuestAssembly.quest()" }?.typeName == "any Quest")
    }

    @Test func dotHasANodeStatementPerDefinitionAndAnEdgeStatementPerInjection() {
        let lines = factory.graph().dot().split(separator: "\n").map(String.init)
        #expect(lines.first == "digraph Monsoon {")
        #expect(lines.last == "}")
        let nodeLines = lines.filter { $0.hasPrefix("  \"") && !$0.contains("->") }
        let edgeLines = lines.filter { $0.contains(" -> ") }
        #expect(nodeLines.count == factory.definitions.count)
        #expect(edgeLines.count == factory.graph().edges.count)
        #expect(nodeLines.contains(##"  "QuestAssembly.logDefinition()" [label="QuestAssembly.logDefinition()\nBuildLog\nsingleton", style="filled", fillcolor="#dbe9f6"];"##))
        #expect(edgeLines.contains(#"  "QuestAssembly.knight()" -> "QuestAssembly.quest()" [label="init #0"];"#))
    }

    @Test func mermaidHasTheSameNodesAndEdges() {
        let lines = factory.graph().mermaid().split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart LR")
        #expect(lines.filter { $0.contains("-->") }.count == factory.graph().edges.count)
        #expect(lines.contains(#"  n0["QuestAssembly.knight()<br/>Knight<br/>objectGraph"]"#))
        #expect(lines.contains(#"  n0 -->|"init #0"| n1"#))
        #expect(lines.contains(#"  n5[("QuestAssembly.logDefinition()<br/>BuildLog<br/>singleton")]"#), "shared scopes are drawn as cylinders")
    }

    @Test func aSubgraphHoldsOnlyWhatOneComponentReaches() {
        let graph = factory.graph(from: "QuestAssembly.quest()")
        #expect(Set(graph.nodes.map(\.key)) == ["QuestAssembly.quest()", "QuestAssembly.logDefinition()"])
        #expect(graph.edges.map(\.to) == ["QuestAssembly.logDefinition()"])
    }

    @Test func parentsAndByTypeInjectionsAreLabelled() throws {
        let controllers = try BlockComponentFactory(assemblies: [ControllerAssembly()]).graph()
        #expect(controllers.edges.contains { $0.from == "ControllerAssembly.home()" && $0.to == "ControllerAssembly.screen()" && $0.kind == .parent })
        #expect(controllers.dot().contains(#"-> "ControllerAssembly.screen()" [label="parent (parent)", style=dashed, arrowhead=empty];"#))
    }
}
