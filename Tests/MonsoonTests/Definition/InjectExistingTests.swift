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

/// A screen built elsewhere (a storyboard) whose property needs an async database.
final class ReportScreen {
    var database: AsyncDatabase?
    var ready = false
    init() {}
}

final class ReportScreenAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }
    override var definitions: [any ComponentDefinition] { [database(), screen()] }
    func database() -> Definition<AsyncDatabase> {
        define { Definition({ [log] in try await AsyncDatabase.open(named: "reports", log: log) }).scope(.lazySingleton) }
    }
    func screen() -> Definition<ReportScreen> {
        define { Definition(ReportScreen.init).inject(\.database, database()).afterInjections { $0.ready = true } }
    }
}

extension InjectExistingTests {
    @Test func anObjectBuiltElsewhereIsInjectedWithAsyncComponentsByTheAsyncForm() async throws {
        let factory = try BlockComponentFactory(assemblies: [ReportScreenAssembly(log: log)])
        let screen = ReportScreen()
        try await factory.inject(into: screen)
        #expect(screen.database === (try await factory.resolve(ReportScreenAssembly.database)))
        #expect(screen.ready)
        let named = ReportScreen()
        try await factory.inject(into: named, as: ReportScreenAssembly.screen)
        #expect(named.database === screen.database)
    }

    @Test func theSynchronousFormSaysToAwaitTheAsyncForm() throws {
        let factory = try BlockComponentFactory(assemblies: [ReportScreenAssembly(log: log)])
        let error = try #require(throws: ResolutionError.self) { try factory.inject(into: ReportScreen()) }
        #expect(error.kind == .asyncRequired)
        #expect(error.description == """
            Cannot resolve ReportScreenAssembly.database(): its initializer is async (it builds AsyncDatabase), and this injection is synchronous.
              ReportScreenAssembly.screen() → ReportScreenAssembly.database()
              Inject with `try await factory.inject(into: …)`, which awaits the initializer.
            """)
    }
}
