import Monsoon
import Testing

@Suite struct CollaboratingAssemblyTests {
    let log = BuildLog()

    @Test func aSubclassReplacesItsAssemblyEvenForCollaboratorsHoldingTheOriginal() throws {
        // StableAssembly holds a plain QuestAssembly; activating DragonQuestAssembly replaces it anyway.
        let stable = StableAssembly(quests: QuestAssembly(log: log), log: log)
        let factory = try BlockComponentFactory(assemblies: [DragonQuestAssembly(log: log), stable])
        #expect(try factory.resolve(StableAssembly.squire).quest is DragonQuest)
        #expect(try factory.resolve(StableAssembly.squire).log === log)
    }

    @Test func keysOfTheReplacedAssemblyReachTheReplacement() throws {
        let factory = try BlockComponentFactory(assemblies: [DragonQuestAssembly(log: log)])
        let quest = try factory.resolve(key: "QuestAssembly.quest()", as: (any Quest).self)
        #expect(quest is DragonQuest)
    }

    @Test func theActivationReportShowsTheReplacement() throws {
        let stable = StableAssembly(quests: QuestAssembly(log: log), log: log)
        let report = try BlockComponentFactory(assemblies: [DragonQuestAssembly(log: log), stable]).activationReport
        #expect(report.assemblies.map(\.name) == ["DragonQuestAssembly", "StableAssembly"])
        #expect(report.assemblies.first?.replaces == ["QuestAssembly"])
        #expect(report.description.contains("  DragonQuestAssembly (replaces QuestAssembly): 6 definitions\n  StableAssembly: 2 definitions"))
        #expect(report.singletons.map(\.key) == ["DragonQuestAssembly.logDefinition()"])
    }
}
