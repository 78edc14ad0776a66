import Monsoon
import Testing

/// An assembly whose definitions reference another assembly's: collaborating assemblies.
final class StableAssembly: Assembly {
    let quests: QuestAssembly
    let log: BuildLog

    init(quests: QuestAssembly, log: BuildLog) {
        self.quests = quests
        self.log = log
    }

    override var definitions: [any ComponentDefinition] { [stableHorse(), squire()] }

    func stableHorse() -> Definition<Horse> {
        define {
            Definition(Horse.init(name:log:), .value("Stable horse"), quests.logDefinition())
        }
    }

    func squire() -> Definition<Knight> {
        define {
            Definition(Knight.init(quest:horse:log:), quests.quest(), stableHorse(), quests.logDefinition())
        }
    }
}

/// Replaces QuestAssembly's quest, the way tests and environments swap parts.
final class DragonQuestAssembly: QuestAssembly {
    override func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
}

@Suite struct ResolutionTests {
    let log = BuildLog()

    func factory() throws -> BlockComponentFactory {
        try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
    }

    @Test func keysAreAssemblyTypeAndMethodName() throws {
        #expect(try factory().definitions.map(\.key) == [
            "QuestAssembly.knight()", "QuestAssembly.quest()", "QuestAssembly.horse()",
            "QuestAssembly.armory()", "QuestAssembly.banner()", "QuestAssembly.logDefinition()",
        ])
    }

    @Test func resolvesByMethodReferenceDefinitionKeyAndType() throws {
        let factory = try factory()
        let byMethod = try factory.resolve(QuestAssembly.armory)
        let byDefinition = try factory.resolve(QuestAssembly(log: log).armory())
        let byKey: Armory = try factory.resolve(key: "QuestAssembly.armory()")
        let byType = try factory.resolve(Armory.self)
        #expect(Set([byMethod.serial, byDefinition.serial, byKey.serial, byType.serial]).count == 4, "objectGraph: one per top-level resolution")
        let quest = try factory.resolve((any Quest).self)
        #expect(quest.name == "Holy Grail")
    }

    @Test func allComponentsOfATypeInRegistrationOrder() throws {
        let quests = QuestAssembly(log: log)
        let factory = try BlockComponentFactory(assemblies: [quests, StableAssembly(quests: quests, log: log)])
        let knights = try factory.allComponents(of: Knight.self)
        #expect(knights.map(\.horse.name) == ["Binky", "Stable horse"])
        #expect(knights[0].quest === knights[1].quest, "built in one resolution, so objectGraph components are shared")
        #expect(try factory.allComponents(of: String.self).isEmpty)
    }

    @Test func definitionsReferenceOtherAssemblies() throws {
        let quests = QuestAssembly(log: log)
        let factory = try BlockComponentFactory(assemblies: [quests, StableAssembly(quests: quests, log: log)])
        let squire = try factory.resolve(StableAssembly.squire)
        #expect(squire.horse.name == "Stable horse")
        #expect(squire.quest is HolyGrailQuest)
        #expect(squire.log === log)
    }

    @Test func aSubclassReplacesItsAssemblyEverywhere() throws {
        let quests = DragonQuestAssembly(log: log)
        let factory = try BlockComponentFactory(assemblies: [quests, StableAssembly(quests: quests, log: log)])
        #expect(try factory.resolve(QuestAssembly.knight).quest is DragonQuest)
        #expect(try factory.resolve(StableAssembly.squire).quest is DragonQuest)
        #expect(try factory.resolve((any Quest).self) is DragonQuest)
        #expect(factory.definitions.map(\.key).contains("DragonQuestAssembly.quest()"))
    }

    @Test func aComponentCanResolveMoreThroughTheFactoryDuringItsInitializer() throws {
        final class Lookup {
            let knight: Knight
            let horseFromFactory: Horse
            init(knight: Knight, horse: Horse) {
                self.knight = knight
                self.horseFromFactory = horse
            }
        }
        final class NestedAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [lookup(), knight(), horse(), quest()] }
            func lookup() -> Definition<Lookup> {
                define {
                    Definition { resolver in
                        // The factory call joins the running resolution: the objectGraph horse is shared.
                        Lookup(knight: try resolver.resolve(NestedAssembly.knight), horse: try resolver.factory.get().resolve(Horse.self))
                    }.scope(.lazySingleton)
                }
            }
            func knight() -> Definition<Knight> { define { Definition(Knight.init(quest:horse:log:), quest(), horse(), .value(log)) } }
            func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Nested"), .value(log)) } }
            func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
        }
        let lookup = try BlockComponentFactory(assemblies: [NestedAssembly(log: log)]).resolve(NestedAssembly.lookup)
        #expect(lookup.horseFromFactory === lookup.knight.horse)
    }

    @Test func componentsMayHoldTheFactoryToBuildMoreLater() throws {
        final class Stable: Sendable {
            let factory: FactoryReference
            init(factory: FactoryReference) { self.factory = factory }
            func newHorse() throws -> Horse { try factory.get().resolve(Horse.self) }
        }
        final class StableFactoryAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [stable(), horse()] }
            func stable() -> Definition<Stable> { define { Definition { resolver in Stable(factory: resolver.factory) } } }
            func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Later"), .value(log)) } }
        }
        let factory = try BlockComponentFactory(assemblies: [StableFactoryAssembly(log: log)])
        let stable = try factory.resolve(Stable.self)
        #expect(try stable.factory.get() === factory)
        #expect(try stable.newHorse().serial != stable.newHorse().serial)
    }
}

@Suite struct AliasTests {
    @Test func aDefinitionWhoseBodyIsAnotherDefinitionIsAnAlias() throws {
        final class AliasAssembly: Assembly {
            let log = BuildLog()
            override var definitions: [any ComponentDefinition] { [armory(), mainArmory()] }
            func armory() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(log)).scope(.lazySingleton) } }
            func mainArmory() -> Definition<Armory> { define { armory() } }
        }
        let factory = try BlockComponentFactory(assemblies: [AliasAssembly()])
        #expect(try factory.resolve(AliasAssembly.mainArmory) === factory.resolve(AliasAssembly.armory))
        #expect(try factory.resolve(key: "AliasAssembly.mainArmory()", as: Armory.self) === factory.resolve(AliasAssembly.armory))
    }
}

@Suite struct GenericAssemblyTests {
    enum Books {}
    enum Films {}

    final class Catalogue<Kind> {
        let name: String
        init(name: String) { self.name = name }
    }

    /// One assembly written once, activated for two kinds of catalogue.
    final class CatalogueAssembly<Kind>: Assembly {
        override var definitions: [any ComponentDefinition] { [catalogue()] }
        func catalogue() -> Definition<Catalogue<Kind>> {
            define { Definition(Catalogue<Kind>.init(name:), .value(String(describing: Kind.self))).scope(.lazySingleton) }
        }
    }

    @Test func eachInstantiationOfAGenericAssemblyHasItsOwnDefinitions() throws {
        let factory = try BlockComponentFactory(assemblies: [CatalogueAssembly<Books>(), CatalogueAssembly<Films>()])
        #expect(try factory.resolve(CatalogueAssembly<Books>.catalogue).name == "Books")
        #expect(try factory.resolve(Catalogue<Films>.self).name == "Films")
        #expect(factory.definitions.map(\.key) == ["CatalogueAssembly<Books>.catalogue()", "CatalogueAssembly<Films>.catalogue()"])
    }
}
