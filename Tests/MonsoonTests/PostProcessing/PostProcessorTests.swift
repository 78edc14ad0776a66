import Monsoon
import Testing

struct RecordingDefinitionPostProcessor: DefinitionPostProcessor {
    let name: String
    let log: BuildLog
    func process(_ definition: inout RegisteredDefinition) throws {
        log.record("\(name) saw \(definition.key)")
    }
}

struct MakeArmoryLazy: DefinitionPostProcessor {
    func process(_ definition: inout RegisteredDefinition) throws {
        if definition.key == "QuestAssembly.armory()" { definition.scope = .lazySingleton }
    }
}

struct ReplaceQuest: DefinitionPostProcessor {
    func process(_ definition: inout RegisteredDefinition) throws {
        if definition.key == "QuestAssembly.quest()" {
            try definition.replace(with: Definition<any Quest>(DragonQuest.init))
        }
    }
}

struct ReplaceQuestWithWrongType: DefinitionPostProcessor {
    func process(_ definition: inout RegisteredDefinition) throws {
        if definition.key == "QuestAssembly.quest()" { try definition.replace(with: Definition(DragonQuest.init)) }
    }
}

struct RecordingInstancePostProcessor: InstancePostProcessor {
    let name: String
    let log: BuildLog
    func process(_ instance: Any, key: String) -> Any {
        log.record("\(name) processed \(key)")
        return instance
    }
}

struct RenameHorses: InstancePostProcessor {
    func process(_ instance: Any, key: String) -> Any {
        (instance as? Horse)?.name = "Renamed"
        return instance
    }
}

struct ReplaceArmoryWithString: InstancePostProcessor {
    func process(_ instance: Any, key: String) -> Any { instance is Armory ? "not an armory" : instance }
}

@Suite struct PostProcessorTests {
    let log = BuildLog()

    @Test func definitionPostProcessorsSeeEveryDefinitionInOrder() throws {
        _ = try BlockComponentFactory(
            assemblies: [QuestAssembly(log: log)],
            definitionPostProcessors: [RecordingDefinitionPostProcessor(name: "first", log: log),
                                       RecordingDefinitionPostProcessor(name: "second", log: log)])
        let seen = log.events.filter { $0.contains(" saw ") }
        #expect(seen.count == 12)
        #expect(seen.prefix(2) == ["first saw QuestAssembly.knight()", "first saw QuestAssembly.quest()"])
        #expect(seen.firstIndex(of: "second saw QuestAssembly.knight()") == 6)
    }

    @Test func aDefinitionPostProcessorMayChangeTheScopeOrReplaceTheDefinition() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)], definitionPostProcessors: [MakeArmoryLazy(), ReplaceQuest()])
        #expect(try factory.resolve(QuestAssembly.armory) === factory.resolve(QuestAssembly.armory))
        #expect(try factory.resolve(QuestAssembly.knight).quest is DragonQuest, "references reach the replacement")
    }

    @Test func aReplacementOfAnotherTypeFailsActivation() {
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [QuestAssembly(log: log)], definitionPostProcessors: [ReplaceQuestWithWrongType()])
        }
        #expect(error?.problems.map(\.kind) == [.postProcessorFailed])
        #expect(error?.description == """
            Cannot activate the factory: Definition post-processor ReplaceQuestWithWrongType failed on QuestAssembly.quest(): \
            QuestAssembly.quest() declares any Quest; it cannot be replaced by a definition of DragonQuest.
            """)
    }

    @Test func instancePostProcessorsSeeEveryBuiltInstanceInOrderBeforeAfterHooks() throws {
        let factory = try BlockComponentFactory(
            assemblies: [QuestAssembly(log: log)],
            instancePostProcessors: [RecordingInstancePostProcessor(name: "first", log: log), RecordingInstancePostProcessor(name: "second", log: log)])
        _ = try factory.resolve(QuestAssembly.knight)
        let events = log.events.filter { $0.contains("QuestAssembly.knight()") || $0 == "after Knight" }
        #expect(events == ["first processed QuestAssembly.knight()", "second processed QuestAssembly.knight()", "after Knight"])
        #expect(log.count("first processed QuestAssembly.horse()") == 2, "the prototype horse is built twice")
    }

    @Test func anInstancePostProcessorMayAlterOrMustKeepTheType() throws {
        let renaming = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)], instancePostProcessors: [RenameHorses()])
        #expect(try renaming.resolve(QuestAssembly.knight).horse.name == "Renamed")

        let replacing = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)], instancePostProcessors: [ReplaceArmoryWithString()])
        let error = #expect(throws: ResolutionError.self) { try replacing.resolve(QuestAssembly.armory) }
        #expect(error?.kind == .postProcessorMismatch)
        #expect(error?.description == """
            Cannot resolve QuestAssembly.armory(): instance post-processor ReplaceArmoryWithString returned a value of type String instead of Armory.
              A post-processor may replace an instance only with one of the definition's type.
            """)
    }
}
