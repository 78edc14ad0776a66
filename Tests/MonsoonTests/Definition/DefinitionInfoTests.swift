import Monsoon
import Testing

private struct InfoRecorder: DefinitionPostProcessor {
    let seen: Locked<[DefinitionInfo]>
    func process(_ definition: inout RegisteredDefinition) throws {
        let info = definition.info
        seen.withLock { $0.append(info) }
    }
}

@Suite struct DefinitionInfoTests {
    @Test func theFactoryTheReportAndTheGraphShowOneViewOfEachDefinition() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())])
        let knight = try #require(factory.definitions.first { $0.key == "QuestAssembly.knight()" })
        #expect(ObjectIdentifier(knight.declaredType) == ObjectIdentifier(Knight.self))
        #expect(knight.typeName == "Knight")
        #expect(knight.scope == .objectGraph)
        #expect(!knight.isAbstract)
        #expect(knight.location.hasPrefix("MonsoonTests/QuestAssembly.swift:"))
        #expect(factory.definitions.map(\.key) == [
            "QuestAssembly.knight()", "QuestAssembly.quest()", "QuestAssembly.horse()",
            "QuestAssembly.armory()", "QuestAssembly.banner()", "QuestAssembly.logDefinition()",
        ])
        #expect(factory.definitions.map(\.typeName) == ["Knight", "any Quest", "Horse", "Armory", "Banner", "BuildLog"])
        #expect(factory.graph().nodes.map(\.scope) == [.objectGraph, .objectGraph, .prototype, .objectGraph, .objectGraph, .singleton])
        #expect(factory.definitions.first { $0.key == "QuestAssembly.horse()" }?.scope == .prototype)
    }

    @Test func aPostProcessorSeesTheSameView() throws {
        let seen = Locked<[DefinitionInfo]>([])
        _ = try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())], definitionPostProcessors: [InfoRecorder(seen: seen)])
        let quest = try #require(seen.current.first { $0.key == "QuestAssembly.quest()" })
        #expect(quest.typeName == "any Quest")
        #expect(quest.description.hasPrefix("QuestAssembly.quest() objectGraph any Quest (MonsoonTests/QuestAssembly.swift:"))
    }
}
