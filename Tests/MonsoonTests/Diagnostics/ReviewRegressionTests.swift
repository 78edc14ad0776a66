import Foundation
import Monsoon
import Testing

/// Behaviours a review found wrong once; each test fails on the old behaviour.
@Suite struct ReviewRegressionTests {
    final class Ship {
        let crew: Provider<Sailor>
        init(crew: Provider<Sailor>) { self.crew = crew }
    }
    final class Sailor {
        let ship: Ship
        init(ship: Ship) { self.ship = ship }
    }
    final class Fleet: Assembly {
        override var definitions: [any ComponentDefinition] { [ship(), sailor(), harbour()] }
        func ship() -> Definition<Ship> { define { Definition(Ship.init(crew:), .provider(sailor())).scope(.singleton) } }
        func sailor() -> Definition<Sailor> { define { Definition(Sailor.init(ship:), ship()).scope(.prototype) } }
        func harbour() -> Definition<[Ship]> { define { Definition({ $0 }, .all(Ship.self)) } }
    }

    @Test func aProviderIsNeitherAnInitializerCycleNorACaptiveDependency() throws {
        let factory = try BlockComponentFactory(assemblies: [Fleet()])
        let report = factory.validate()
        #expect(report.findings(.error).isEmpty)
        #expect(report.findings(.warning).isEmpty)
        #expect(factory.graph().edges.contains { $0.from == "Fleet.ship()" && $0.to == "Fleet.sailor()" && $0.kind == .provider })
        #expect(try factory.resolve(Fleet.ship).crew().ship === factory.resolve(Fleet.ship))
    }

    @Test func allOfATypeLinksEveryCandidateInTheGraph() throws {
        let graph = try BlockComponentFactory(assemblies: [Fleet()]).graph()
        #expect(graph.edges.contains { $0.from == "Fleet.harbour()" && $0.to == "Fleet.ship()" && $0.kind == .all })
    }

    @Test func aSharedComponentBuiltWithAPatchedDependencyIsNotKeptAfterRestore() throws {
        final class Keep {
            let quest: any Quest
            init(quest: any Quest) { self.quest = quest }
        }
        final class KeepAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [keep(), quest()] }
            func keep() -> Definition<Keep> { define { Definition(Keep.init(quest:), quest()).scope(.lazySingleton) } }
            func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
        }
        final class Fake: Quest { let name = "Fake" }
        let factory = try BlockComponentFactory(assemblies: [KeepAssembly()])
        let patch = try factory.patch(KeepAssembly.quest) { Fake() as any Quest }
        #expect(try factory.resolve(KeepAssembly.keep).quest.name == "Fake")
        patch.restore()
        #expect(try factory.resolve(KeepAssembly.keep).quest.name == "Dragon")
    }

    @Test func tracingSeesWarmSingletons() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())])
        let (_, trace) = try factory.trace { try factory.resolve(QuestAssembly.logDefinition) }
        #expect(trace.description == "QuestAssembly.logDefinition()  reused from the singleton pool")
    }

    @Test func configurationOriginsForgetKeysALaterFileReshapes() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("base.json", #"{"service": {"url": "https://a.invalid"}, "mode": "fast"}"#)
        let second = try folder.write("off.json", #"{"service": "off", "mode": {"level": 2}}"#)
        let configuration = try Configuration(files: [first, second])
        #expect(configuration.origins == ["service": "off.json", "mode.level": "off.json"])
        #expect(try configuration.value("service", as: String.self) == "off")
    }

    @Test func aParameterizedDefinitionProvidingItselfWithOtherArgumentsStillHasAFiniteGraph() throws {
        final class Page {
            let number: Int
            let next: Provider<Page>
            init(number: Int, next: Provider<Page>) {
                self.number = number
                self.next = next
            }
        }
        final class Book: Assembly {
            override var definitions: [any ComponentDefinition] { [first()] }
            func first() -> Definition<Page> { define { page(1) } }
            func page(_ number: Int) -> Definition<Page> {
                define(arguments: number) { [self] in Definition(Page.init(number:next:), .value(number), .provider(self.page(number + 1))) }
            }
        }
        let factory = try BlockComponentFactory(assemblies: [Book()])
        #expect(try factory.resolve(Book.first).next().next().number == 3)
        let graph = factory.graph()
        #expect(graph.nodes.count <= 1_002)
        #expect(factory.validate().findings(.error).isEmpty)
    }
}
