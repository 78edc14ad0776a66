import Monsoon
import Testing

/// Two bodies alike but for one thing: one keeps a second reference to the definition it returns, so
/// its recipe storage is shared when `define` specializes it (a second storage is made); the other's is
/// not (completed in place). Both must build the same way.
final class KeptDefinitionAssembly: Assembly {
    let log: BuildLog
    private(set) var kept: [Definition<Knight>] = []
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] { [keptKnight(), plainKnight(), horse(), quest()] }

    func keptKnight() -> Definition<Knight> {
        define {
            let definition = Definition(Knight.init(quest:horse:log:), quest(), horse(), .value(log))
                .inject(\.damselsRescued, 3)
            kept.append(definition)
            return definition
        }
    }

    func plainKnight() -> Definition<Knight> {
        define {
            Definition(Knight.init(quest:horse:log:), quest(), horse(), .value(log))
                .inject(\.damselsRescued, 3)
        }
    }

    func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Binky"), .value(log)).scope(.prototype) } }
}

@Suite struct SpecializationTests {
    @Test func aDefinitionBuildsTheSameWhetherItsBodyKeptAnotherReferenceToItOrNot() throws {
        let log = BuildLog()
        let assembly = KeptDefinitionAssembly(log: log)
        let factory = try BlockComponentFactory(assemblies: [assembly])
        #expect(assembly.kept.count == 1, "the body ran once, at activation")
        for method in [KeptDefinitionAssembly.keptKnight, KeptDefinitionAssembly.plainKnight] {
            let first = try factory.resolve(method)
            let second = try factory.resolve(method)
            #expect(first !== second, "objectGraph: one knight per resolution")
            #expect(first.damselsRescued == 3)
            #expect(first.horse.name == "Binky")
            #expect(first.horse !== second.horse)
        }
        #expect(log.count("init Horse") == 4)
    }
}

/// Lists a definition changed after `define` returned it, compiled: what is activated is the change.
final class ChangedAfterDefineAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [quest().scope(.singleton)] }

    func quest() -> Definition<DragonQuest> { define { Definition(DragonQuest.init) } }
}

extension SpecializationTests {
    @Test func aDefinitionChangedAfterDefineReturnedItIsActivatedAsChanged() throws {
        let factory = try BlockComponentFactory(assemblies: [ChangedAfterDefineAssembly()])
        #expect(try factory.resolve(DragonQuest.self) === factory.resolve(DragonQuest.self), "the listed singleton, not define's objectGraph")
        #expect(factory.definitions.map(\.scope) == [.singleton])
    }
}
