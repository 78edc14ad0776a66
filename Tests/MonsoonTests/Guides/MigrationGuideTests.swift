import Monsoon
import Testing

// The code of Docs/ComingFromTyphoon.md and Docs/ComingFromSwinject.md, compiled and run so the
// migration guides cannot drift from the API.
enum TyphoonGuide {
    protocol Quest { func embark() -> String }
    final class HolyGrailQuest: Quest { func embark() -> String { "seeks the Holy Grail" } }
    final class DragonQuest: Quest { func embark() -> String { "slays the dragon" } }
    final class Horse { var name = "" }
    final class Knight {
        let quest: any Quest
        var damselsRescued = 0
        private(set) var horse: Horse?
        init(quest: any Quest) { self.quest = quest }
        func mount(_ horse: Horse) { self.horse = horse }
        func prepare() {}
    }

    class MiddleAgesAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [basicKnight(), defaultQuest(), horse()] }

        func basicKnight() -> Definition<Knight> {
            define {
                Definition(Knight.init(quest:), defaultQuest())
                    .inject(\.damselsRescued, 12)
                    .injectMethod(Knight.mount(_:), horse())
                    .afterInjections { $0.prepare() }
                    .scope(.lazySingleton)
            }
        }
        func defaultQuest() -> Definition<any Quest> { define { Definition(HolyGrailQuest.init) } }
        func horse() -> Definition<Horse> { define { Definition(Horse.init).inject(\.name, "Binky").scope(.prototype) } }
        func horse(named name: String) -> Definition<Horse> {
            define(arguments: name) { Definition(Horse.init).inject(\.name, name) }
        }
    }

    final class StableAssembly: Assembly {
        let middleAges: MiddleAgesAssembly
        init(middleAges: MiddleAgesAssembly) { self.middleAges = middleAges }
        override var definitions: [any ComponentDefinition] { [reserveKnight()] }
        func reserveKnight() -> Definition<Knight> { define { Definition(Knight.init(quest:), middleAges.defaultQuest()) } }
    }

    final class DragonAssembly: MiddleAgesAssembly {
        override func defaultQuest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    }
}

enum SwinjectGuide {
    final class Mother { let child: Daughter; init(child: Daughter) { self.child = child } }
    final class Daughter { weak var parent: Mother? }

    final class FamilyAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [mother()] }
        func mother() -> Definition<Mother> { define { Definition(Mother.init(child:), daughter()) } }
        func daughter() -> Definition<Daughter> { define { Definition(Daughter.init).inject(\.parent, mother()) } }
    }

    final class SessionAssembly: Assembly {
        let app: BlockComponentFactory
        init(app: BlockComponentFactory) { self.app = app }
        override var definitions: [any ComponentDefinition] { [quest()] }
        func quest() -> Definition<any TyphoonGuide.Quest> {
            let app = self.app
            return define { Definition { _ in try app.resolve(TyphoonGuide.MiddleAgesAssembly.defaultQuest) } }
        }
    }
}

@Suite struct MigrationGuideTests {
    @Test func theTyphoonGuideRuns() throws {
        let factory = try BlockComponentFactory(assemblies: [TyphoonGuide.MiddleAgesAssembly()])
        let knight = try factory.resolve(TyphoonGuide.MiddleAgesAssembly.basicKnight)
        #expect(knight.damselsRescued == 12)
        #expect(knight.horse?.name == "Binky")
        #expect(try factory.resolve(TyphoonGuide.MiddleAgesAssembly.horse(named:), "Binky").name == "Binky")

        let patch = try factory.patch(TyphoonGuide.MiddleAgesAssembly.defaultQuest) { TyphoonGuide.DragonQuest() as any TyphoonGuide.Quest }
        #expect(try factory.resolve((any TyphoonGuide.Quest).self) is TyphoonGuide.DragonQuest)
        patch.restore()

        let replaced = try BlockComponentFactory(assemblies: [
            TyphoonGuide.DragonAssembly(), TyphoonGuide.StableAssembly(middleAges: TyphoonGuide.MiddleAgesAssembly()),
        ])
        #expect(try replaced.resolve(TyphoonGuide.MiddleAgesAssembly.basicKnight).quest is TyphoonGuide.DragonQuest)
        #expect(try replaced.resolve(TyphoonGuide.StableAssembly.reserveKnight).quest is TyphoonGuide.DragonQuest)
    }

    @Test func theSwinjectGuideRuns() throws {
        let family = try BlockComponentFactory(assemblies: [SwinjectGuide.FamilyAssembly()])
        let mother = try family.resolve(SwinjectGuide.FamilyAssembly.mother)
        #expect(mother.child.parent === mother)

        let app = try BlockComponentFactory(assemblies: [TyphoonGuide.MiddleAgesAssembly()])
        let session = try BlockComponentFactory(assemblies: [SwinjectGuide.SessionAssembly(app: app)])
        #expect(try session.resolve(SwinjectGuide.SessionAssembly.quest).embark() == "seeks the Holy Grail")
    }
}
