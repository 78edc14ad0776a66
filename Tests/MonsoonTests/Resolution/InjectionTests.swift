import Monsoon
import Testing

@Suite struct InjectionTests {
    let log = BuildLog()

    func factory() throws -> BlockComponentFactory {
        try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
    }

    @Test func initializerArgumentsAreInjectedByReferenceObeyingTheirScopes() throws {
        let knight = try factory().resolve(QuestAssembly.knight)
        #expect(knight.quest is HolyGrailQuest)
        #expect(knight.horse.name == "Binky")
        #expect(knight.log === log, "the singleton log definition supplies the test's own log")
        // horse() is a prototype: the initializer argument and the injected method each got their own.
        #expect(knight.mountedHorse !== knight.horse)
    }

    @Test func propertiesAreInjectedByValueAndByReference() throws {
        let knight = try factory().resolve(QuestAssembly.knight)
        #expect(knight.damselsRescued == 12)
        #expect(knight.armory != nil)
    }

    @Test func injectedComponentsShareTheObjectGraph() throws {
        final class PairAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [knight(), armory(), quest(), horse()] }
            func knight() -> Definition<Knight> {
                define {
                    Definition(Knight.init(quest:horse:log:), quest(), horse(), .value(log))
                        .inject(\.armory, armory())
                        .injectMethod({ knight in { armory in knight.motto = armory === knight.armory ? "same" : "different" } }, armory())
                }
            }
            func armory() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(log)) } }
            func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
            func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Tornado"), .value(log)) } }
        }
        let knight = try BlockComponentFactory(assemblies: [PairAssembly(log: log)]).resolve(PairAssembly.knight)
        #expect(knight.motto == "same")
        #expect(log.count("init Armory") == 1)
    }

    @Test func byTypeInjectionFindsTheUniqueDefinitionOfTheType() throws {
        final class ByTypeAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [knight(), quest(), horse()] }
            func knight() -> Definition<Knight> {
                define {
                    Definition(Knight.init(quest:horse:log:), .byType(), .byType(), .value(log))
                }
            }
            func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
            func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Jolly"), .value(log)) } }
        }
        let knight = try BlockComponentFactory(assemblies: [ByTypeAssembly(log: log)]).resolve(Knight.self)
        #expect(knight.quest is DragonQuest)
        #expect(knight.horse.name == "Jolly")
    }

    @Test func hooksRunBeforePropertiesThenMethodsThenAfterInjections() throws {
        _ = try factory().resolve(QuestAssembly.knight)
        let knightEvents = log.events.filter { ["init Knight", "before Knight", "init Armory", "method mount", "after Knight"].contains($0) }
        #expect(knightEvents == ["init Knight", "before Knight", "init Armory", "method mount", "after Knight"])
    }

    @Test func afterInjectionsRunsOnceTheWholeGraphIsInjected() throws {
        final class Parent {
            var child: Child?
            var childWasCompleteInHook = false
        }
        final class Child {
            var name = ""
        }
        final class HookAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [parent(), child()] }
            func parent() -> Definition<Parent> {
                define {
                    Definition(Parent.init)
                        .inject(\.child, child())
                        .afterInjections { parent in parent.childWasCompleteInHook = parent.child?.name == "done" }
                }
            }
            func child() -> Definition<Child> { define { Definition(Child.init).inject(\.name, "done") } }
        }
        let parent = try BlockComponentFactory(assemblies: [HookAssembly()]).resolve(HookAssembly.parent)
        #expect(parent.childWasCompleteInHook)
    }

    @Test func valueTypesAreBuiltAndInjected() throws {
        final class BannerAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [banner()] }
            func banner() -> Definition<Banner> { define { Definition { Banner(colour: "red") }.inject(\.colour, "gold") } }
        }
        let banner = try BlockComponentFactory(assemblies: [BannerAssembly()]).resolve(Banner.self)
        #expect(banner == Banner(colour: "gold"))
    }

    @Test func closureDefinitionsResolveThroughTheirResolver() throws {
        final class ClosureAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [knight(), quest(), horse()] }
            func knight() -> Definition<Knight> {
                define {
                    let log = self.log
                    return Definition { resolver in
                        Knight(quest: try resolver.resolve(ClosureAssembly.quest), horse: try resolver.resolve(Horse.self), log: log)
                    }
                    .injectMethod { knight, resolver in knight.mount(try resolver(.byType(Horse.self))) }
                }
            }
            func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
            func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Shadowfax"), .value(log)) } }
        }
        let knight = try BlockComponentFactory(assemblies: [ClosureAssembly(log: log)]).resolve(ClosureAssembly.knight)
        #expect(knight.quest is DragonQuest)
        #expect(knight.mountedHorse === knight.horse, "objectGraph horse shared between closure and method")
    }

    @Test func aSingletonKeepingItsResolverDoesNotKeepTheFactoryAlive() throws {
        final class Keeper { let resolver: Resolver; init(resolver: Resolver) { self.resolver = resolver } }
        final class KeeperAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [keeper()] }
            func keeper() -> Definition<Keeper> { define { Definition { resolver in Keeper(resolver: resolver) }.scope(.singleton) } }
        }
        weak var weakFactory: BlockComponentFactory?
        weak var weakKeeper: Keeper?
        do {
            let factory = try BlockComponentFactory(assemblies: [KeeperAssembly()])
            weakFactory = factory
            weakKeeper = try factory.resolve(KeeperAssembly.keeper)
        }
        #expect(weakFactory == nil)
        #expect(weakKeeper == nil)
    }
}
