import Monsoon
import Testing

final class Armoury {
    var weapons: [String] = []
    var byName: [String: Horse] = [:]
    var allQuests: [any Quest] = []
    init() {}
}

final class Recruiter: Sendable {
    let recruit: Provider<Horse>
    let factory: FactoryReference
    init(recruit: Provider<Horse>, factory: FactoryReference) {
        self.recruit = recruit
        self.factory = factory
    }
}

final class DAOFactory {
    let prefix: String
    init(prefix: String) { self.prefix = prefix }
    func makeDAO(table: String) -> String { "\(prefix).\(table)" }
}

final class KindsAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] {
        [armoury(), grail(), dragon(), horse(), recruiter(), daoFactory(), usersTable()]
    }

    func armoury() -> Definition<Armoury> {
        define {
            Definition(Armoury.init)
                .inject(\.weapons, .array([.value("sword"), Injection.resolved { _ in "bow" }]))
                .inject(\.byName, .dictionary(["binky": horse(), "jolly": horse()]))
                .inject(\.allQuests, .all((any Quest).self))
        }
    }

    func grail() -> Definition<any Quest> { define { Definition(HolyGrailQuest.init(log:), .value(log)) } }
    func dragon() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Stable"), .value(log)).scope(.prototype) } }

    func recruiter() -> Definition<Recruiter> {
        define { Definition(Recruiter.init(recruit:factory:), .provider(horse()), .factory()).scope(.singleton) }
    }

    func daoFactory() -> Definition<DAOFactory> { define { Definition(DAOFactory.init(prefix:), .value("db")).scope(.lazySingleton) } }

    func usersTable() -> Definition<String> {
        define { Definition(factory: daoFactory(), DAOFactory.makeDAO(table:), .value("users")) }
    }
}

@Suite struct InjectionKindTests {
    let log = BuildLog()

    @Test func collectionsOfValuesReferencesAndAllOfAType() throws {
        let armoury = try BlockComponentFactory(assemblies: [KindsAssembly(log: log)]).resolve(KindsAssembly.armoury)
        #expect(armoury.weapons == ["sword", "bow"])
        #expect(armoury.byName.count == 2)
        #expect(armoury.byName["binky"] !== armoury.byName["jolly"], "prototype: one per reference")
        #expect(armoury.allQuests.map(\.name) == ["Holy Grail", "Dragon"])
    }

    @Test func aProviderBuildsItsDefinitionOnDemand() throws {
        let factory = try BlockComponentFactory(assemblies: [KindsAssembly(log: log)])
        let recruiter = try factory.resolve(KindsAssembly.recruiter)
        let first = try recruiter.recruit()
        let second = try recruiter.recruit()
        #expect(first.serial != second.serial)
        #expect(try recruiter.factory.get() === factory)
    }

    @Test func aSingletonHoldingTheFactoryDoesNotKeepItAlive() throws {
        weak var weakFactory: BlockComponentFactory?
        var recruiter: Recruiter?
        do {
            let factory = try BlockComponentFactory(assemblies: [KindsAssembly(log: log)])
            weakFactory = factory
            recruiter = try factory.resolve(KindsAssembly.recruiter)
        }
        #expect(weakFactory == nil)
        let error = #expect(throws: ResolutionError.self) { try recruiter?.recruit() }
        #expect(error?.kind == .factoryReleased)
    }

    @Test func factoryDefinitionsCallAMethodOfAnotherComponent() throws {
        let factory = try BlockComponentFactory(assemblies: [KindsAssembly(log: log)])
        #expect(try factory.resolve(KindsAssembly.usersTable) == "db.users")
    }
}
