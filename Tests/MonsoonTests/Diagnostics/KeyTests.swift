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
        #expect(error?.description == """
            Cannot activate the factory: Duplicate key Dock.crane(): defined at MonsoonTests/KeyTests.swift:8 and \
            MonsoonTests/KeyTests.swift:15. Keys must be unique within a factory; rename one of the methods.
            """)
    }

    @Test func keysNameTheActivatedAssemblyAndAreFoundOnTheFirstLookup() throws {
        let factory = try BlockComponentFactory(assemblies: [RiverKeys.Dock()])
        #expect(factory.definitions.map(\.key) == ["Dock.crane()", "Dock.ferry()"])
        let ferry: BuildLog = try factory.resolve(key: "Dock.ferry()")
        let again: BuildLog = try factory.resolve(key: "Dock.ferry()")
        #expect(ferry !== again, "objectGraph: a new component per resolution")
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(key: "Dock.fery()") as BuildLog }
        #expect(error?.description == """
            Cannot resolve key "Dock.fery()": no definition has this key.
              Did you mean: Dock.ferry()?
            """)
    }
}

final class KeyClock: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

/// Two named bindings of one type.
final class KeyClockModule: Module {
    override func configure(_ binder: Binder) {
        binder.bind(KeyClock.self, named: "wall") { _ in KeyClock(label: "wall") }
        binder.bind(KeyClock.self, named: "monotonic") { _ in KeyClock(label: "monotonic") }
    }
}

/// Replaces every clock binding.
struct ReplaceKeyClocks: DefinitionPostProcessor {
    func process(_ definition: inout RegisteredDefinition) throws {
        if definition.key.hasPrefix("KeyClockModule.") {
            try definition.replace(with: Definition { KeyClock(label: "replaced") })
        }
    }
}

class KeyCoreAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [clock()] }
    func clock() -> Definition<KeyClock> { define { Definition { KeyClock(label: "core") } } }
}

/// A replacement whose readable name has parentheses in it: `KeyMockCore<(Int, Int)>`.
final class KeyMockCore<T>: KeyCoreAssembly {
    override func clock() -> Definition<KeyClock> { define { Definition { KeyClock(label: "mock") } } }
}

final class KeyScreenAssembly: Assembly {
    let core = KeyCoreAssembly()
    override var definitions: [any ComponentDefinition] { [screenClock()] }
    func screenClock() -> Definition<KeyClock> { define { core.clock() } }
}

extension KeyTests {
    @Test func aReplacedBindingKeepsItsKeyAndIsStillFoundByNameOnly() throws {
        let plain = try BlockComponentFactory(assemblies: [KeyClockModule()])
        let replaced = try BlockComponentFactory(assemblies: [KeyClockModule()], definitionPostProcessors: [ReplaceKeyClocks()])
        #expect(replaced.definitions.map(\.key) == plain.definitions.map(\.key))
        #expect(Set(replaced.definitions.map(\.key)).count == 2)
        #expect(try replaced.resolve(KeyClock.self, named: "wall").label == "replaced")
        #expect(try replaced.resolve(KeyClock.self, named: "monotonic").label == "replaced")
        let key = try #require(plain.definitions.map(\.key).first)
        #expect((try replaced.resolve(key: key) as KeyClock).label == "replaced")
        #expect(throws: ResolutionError.self) { try replaced.resolve(KeyClock.self) }
    }

    @Test func aReplacingAssemblyWhoseNameHasParenthesesIsReachedThroughItsSuperclass() throws {
        let factory = try BlockComponentFactory(assemblies: [KeyScreenAssembly(), KeyMockCore<(Int, Int)>()])
        #expect(try factory.resolve(KeyScreenAssembly.screenClock).label == "mock")
        #expect(factory.definitions.map(\.key).contains("KeyMockCore<(Int, Int)>.clock()"))
    }
}

/// A parameterized body reaching a definition its assembly does not list, whose key another assembly's
/// listed definition already has (two assembly types of one readable name): what activation reports for
/// a listed body, the first use with arguments reports for a parameterized one.
final class CanalBarge: Sendable {
    init(armory: Armory) {}
}

enum CanalKeys {
    final class Dock: Assembly {
        func crane() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(BuildLog())) } }
        func barge(named name: String) -> Definition<CanalBarge> { define(arguments: name) { [self] in Definition(CanalBarge.init(armory:), crane()) } }
    }
}

@Suite struct FirstUseKeyTests {
    @Test func aDuplicateKeyMetAtFirstUseIsReportedAsActivationReportsIt() throws {
        let factory = try BlockComponentFactory(assemblies: [HarborKeys.Dock(), CanalKeys.Dock()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(CanalKeys.Dock.barge(named:), "Nell") }
        #expect(error?.kind == .invalidDefinition)
        #expect(error?.description == """
            Cannot resolve Dock.barge(named: "Nell"): its definition is invalid. Duplicate key Dock.crane(): defined at \
            MonsoonTests/KeyTests.swift:8 and MonsoonTests/KeyTests.swift:114. Keys must be unique within a factory; rename one of the methods.
              A definition with runtime arguments is checked when it is first resolved with new argument values.
            """)
    }

    @Test func theSameDuplicateInAnEvaluatedBodyIsReportedAtActivation() {
        enum Canal {
            final class Dock: Assembly {
                override var definitions: [any ComponentDefinition] { [ferry()] }
                func crane() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(BuildLog())) } }
                func ferry() -> Definition<Armory> { define { crane() } }
            }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [HarborKeys.Dock(), Canal.Dock()]) }
        #expect(error?.description == """
            Cannot activate the factory: Duplicate key Dock.crane(): defined at MonsoonTests/KeyTests.swift:8 and \
            MonsoonTests/KeyTests.swift:135. Keys must be unique within a factory; rename one of the methods.
            """)
    }
}
