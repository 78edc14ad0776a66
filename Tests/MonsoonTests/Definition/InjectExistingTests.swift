import Monsoon
import Testing

@Suite struct InjectExistingTests {
    let log = BuildLog()

    @Test func injectsPropertiesMethodsAndHooksIntoAnObjectBuiltElsewhere() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
        let knight = Knight(quest: DragonQuest(), horse: Horse(name: "Own", log: log), log: log)
        try factory.inject(into: knight)
        #expect(knight.damselsRescued == 12)
        #expect(knight.armory != nil)
        #expect(knight.mountedHorse?.name == "Binky")
        #expect(knight.quest is DragonQuest, "the initializer is not called again")
        #expect(log.count("init Knight") == 1)
        #expect(log.events.suffix(1) == ["after Knight"])
    }

    @Test func injectsWithAnExplicitlyNamedDefinition() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
        let knight = Knight(quest: DragonQuest(), horse: Horse(name: "Own", log: log), log: log)
        try factory.inject(into: knight, as: QuestAssembly.knight)
        #expect(knight.damselsRescued == 12)
    }

    @Test func aTypeWithNoDefinitionIsAnErrorNotSilence() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
        let error = #expect(throws: ResolutionError.self) { try factory.inject(into: DragonQuest()) }
        #expect(error?.kind == .noDefinitionForType)
    }

    @Test func injectsIntoValueTypes() throws {
        final class BannerAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [banner()] }
            func banner() -> Definition<Banner> { define { Definition { Banner(colour: "red") }.inject(\.colour, "gold") } }
        }
        var banner = Banner(colour: "plain")
        try BlockComponentFactory(assemblies: [BannerAssembly()]).inject(into: &banner)
        #expect(banner == Banner(colour: "gold"))
    }
}
