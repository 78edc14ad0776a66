import Monsoon
import Testing

/// Two assembly types whose readable names are the same (`Dock`), as types of two modules would be.
enum HarborKeys {
    final class Dock: Assembly {
        override var definitions: [any ComponentDefinition] { [crane()] }
        func crane() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(BuildLog())) } }
    }
}

enum RiverKeys {
    final class Dock: Assembly {
        override var definitions: [any ComponentDefinition] { [crane(), ferry()] }
        func crane() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(BuildLog())) } }
        func ferry() -> Definition<BuildLog> { define { Definition(BuildLog.init) } }
    }
}

/// Keys are formatted when read, not at activation: what a user sees of them must not change.
@Suite struct KeyTests {
    @Test func twoAssemblyTypesOfOneNameCollideOnTheMethodsTheyShare() {
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [HarborKeys.Dock(), RiverKeys.Dock()])
        }
        #expect(error?.problems.map(\.kind) == [.duplicateKey])
        #expect(error?.description.contains("Dock.crane()") == true)
    }

    @Test func keysNameTheActivatedAssemblyAndAreFoundOnTheFirstLookup() throws {
        let factory = try BlockComponentFactory(assemblies: [RiverKeys.Dock()])
        #expect(factory.keys == ["Dock.crane()", "Dock.ferry()"])
        let ferry: BuildLog = try factory.resolve(key: "Dock.ferry()")
        let again: BuildLog = try factory.resolve(key: "Dock.ferry()")
        #expect(ferry !== again, "objectGraph: a new component per resolution")
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(key: "Dock.fery()") as BuildLog }
        #expect(error?.description.contains("Dock.ferry()") == true)
    }
}
