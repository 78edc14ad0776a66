import Monsoon
import Testing

// Initializers wired by type: `Definition(Garage.init(engine:wheels:))`, each argument the one component
// of its parameter's type.

private final class WiredEngine {
    let log: BuildLog
    init(log: BuildLog) { self.log = log; log.record("init WiredEngine") }
}

private final class WiredWheels {
    init() {}
}

private final class WiredGarage {
    let engine: WiredEngine
    let wheels: WiredWheels
    init(engine: WiredEngine, wheels: WiredWheels) {
        self.engine = engine
        self.wheels = wheels
    }
}

/// Two initializers: named without labels, `Toolbox.init` is the one that takes nothing.
private final class WiredToolbox {
    let engine: WiredEngine?
    init() { engine = nil }
    init(engine: WiredEngine) { self.engine = engine }
}

private final class WiredVault {
    let engine: WiredEngine
    init(engine: WiredEngine) async { self.engine = engine }
}

@MainActor private final class WiredDashboard {
    let engine: WiredEngine
    init(engine: WiredEngine) { self.engine = engine }
}

private final class WiredAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }
    override var definitions: [any ComponentDefinition] {
        [engine(), wheels(), garage(), emptyToolbox(), fullToolbox(), vault(), dashboard()]
    }
    func engine() -> Definition<WiredEngine> { define(.lazySingleton) { Definition(WiredEngine.init(log:), .value(log)) } }
    func wheels() -> Definition<WiredWheels> { define(.prototype) { Definition(WiredWheels.init) } }
    func garage() -> Definition<WiredGarage> { define(.prototype) { Definition(WiredGarage.init(engine:wheels:)) } }
    func emptyToolbox() -> Definition<WiredToolbox> { define { Definition(WiredToolbox.init) } }
    func fullToolbox() -> Definition<WiredToolbox> { define { Definition(WiredToolbox.init(engine:)) } }
    func vault() -> Definition<WiredVault> { define { Definition(WiredVault.init(engine:)) } }
    func dashboard() -> Definition<WiredDashboard> { define { Definition(WiredDashboard.init(engine:)) } }
}

/// A type with two definitions: the wired garage cannot choose, the explicit one names its engine.
private final class TwoEnginesAssembly: Assembly {
    let log = BuildLog()
    let listsWiredGarage: Bool
    init(listsWiredGarage: Bool = true) { self.listsWiredGarage = listsWiredGarage }
    override var definitions: [any ComponentDefinition] {
        [engine(), spareEngine(), wheels(), namedGarage()] + (listsWiredGarage ? [garage()] : [])
    }
    func engine() -> Definition<WiredEngine> { define(.lazySingleton) { Definition(WiredEngine.init(log:), .value(log)) } }
    func spareEngine() -> Definition<WiredEngine> { define(.lazySingleton) { Definition(WiredEngine.init(log:), .value(log)) } }
    func wheels() -> Definition<WiredWheels> { define { Definition(WiredWheels.init) } }
    func garage() -> Definition<WiredGarage> { define { Definition(WiredGarage.init(engine:wheels:)) } }
    func namedGarage() -> Definition<WiredGarage> { define { Definition(WiredGarage.init(engine:wheels:), spareEngine(), .byType()) } }
}

/// A parameter type nothing defines.
private final class NoWheelsAssembly: Assembly {
    let log = BuildLog()
    let listsWiredGarage: Bool
    init(listsWiredGarage: Bool = true) { self.listsWiredGarage = listsWiredGarage }
    override var definitions: [any ComponentDefinition] { [engine()] + (listsWiredGarage ? [garage()] : []) }
    func engine() -> Definition<WiredEngine> { define { Definition(WiredEngine.init(log:), .value(log)) } }
    func garage() -> Definition<WiredGarage> { define { Definition(WiredGarage.init(engine:wheels:)) } }
    /// Wired in a parameterized body, which activation does not evaluate: the resolution reports it.
    func garage(owner: String) -> Definition<WiredGarage> { define(arguments: owner) { Definition(WiredGarage.init(engine:wheels:)) } }
}

@Suite struct WiringByTypeTests {
    let log = BuildLog()

    @Test func eachArgumentIsTheOneComponentOfItsParameterType() throws {
        let factory = try BlockComponentFactory(assemblies: [WiredAssembly(log: log)])
        let first = try factory.resolve(WiredAssembly.garage)
        let second = try factory.resolve(WiredAssembly.garage)
        // The engine is the pooled lazy singleton; the wheels, a prototype, are new for each garage.
        #expect(first.engine === second.engine)
        #expect(first.engine === (try factory.resolve(WiredAssembly.engine)))
        #expect(first.wheels !== second.wheels)
        #expect(log.count("init WiredEngine") == 1)
    }

    @Test func anInitializerNamedWithoutLabelsIsTheOneTakingNothing() throws {
        let factory = try BlockComponentFactory(assemblies: [WiredAssembly(log: log)])
        #expect(try factory.resolve(WiredAssembly.emptyToolbox).engine == nil)
        #expect(try factory.resolve(WiredAssembly.fullToolbox).engine === (try factory.resolve(WiredAssembly.engine)))
    }

    @Test func anAsyncInitializerIsWiredByType() async throws {
        let factory = try BlockComponentFactory(assemblies: [WiredAssembly(log: log)])
        let vault = try await factory.resolve(WiredAssembly.vault)
        let engine = try await factory.resolve(WiredAssembly.engine)
        #expect(vault.engine === engine)
    }

    @MainActor @Test func aMainActorInitializerIsWiredByType() throws {
        let factory = try BlockComponentFactory(assemblies: [WiredAssembly(log: log)])
        let dashboard = try factory.resolve(WiredAssembly.dashboard)
        #expect(dashboard.engine === (try factory.resolve(WiredAssembly.engine)))
    }

    @Test func theGraphAndValidationSeeEachWiredArgument() throws {
        let factory = try BlockComponentFactory(assemblies: [WiredAssembly(log: log)])
        #expect(factory.validate().findings(.error).isEmpty)
        let edges = factory.graph().edges.filter { $0.from == "WiredAssembly.garage()" }
        #expect(edges.map(\.to) == ["WiredAssembly.engine()", "WiredAssembly.wheels()"])
        #expect(edges.allSatisfy { $0.kind == .byType })
    }

    @Test func aTypeWithSeveralDefinitionsFailsActivationNamingTheCandidatesAndTheFix() throws {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [TwoEnginesAssembly()]) }
        #expect(error?.problems.map(\.kind) == [.ambiguousType])
        #expect(error?.description == """
            Cannot activate the factory: TwoEnginesAssembly.garage() (init #0) injects WiredEngine by type, but 2 definitions declare it: \
            TwoEnginesAssembly.engine(), TwoEnginesAssembly.spareEngine(). Pass every argument instead of naming the initializer alone: \
            the one you mean by reference, `.byType()` for the others.
            """)
        // That fix: the spare engine by reference, the wheels by type.
        let factory = try BlockComponentFactory(assemblies: [TwoEnginesAssembly(listsWiredGarage: false)])
        let named = try factory.resolve(TwoEnginesAssembly.namedGarage)
        #expect(named.engine === (try factory.resolve(TwoEnginesAssembly.spareEngine)))
        #expect(factory.validate().findings(.error).isEmpty)
    }

    @Test func aParameterTypeWithNoDefinitionFailsActivationNamingTheArgument() throws {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [NoWheelsAssembly()]) }
        #expect(error?.problems.map(\.kind) == [.noDefinitionForType])
        #expect(error?.problems.map(\.path) == [["NoWheelsAssembly.garage()", "WiredWheels"]])
        #expect(error?.description == """
            Cannot activate the factory: NoWheelsAssembly.garage() (init #1) injects WiredWheels by type, but no definition declares it. \
            Define one in an activated assembly, or pass every argument instead of naming the initializer alone (a `.value(…)` for this one).
            """)
    }

    @Test func aWiredArgumentMissingInAParameterizedBodyIsTheResolutionsError() throws {
        let factory = try BlockComponentFactory(assemblies: [NoWheelsAssembly(listsWiredGarage: false)])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(NoWheelsAssembly.garage(owner:), "Ines") }
        #expect(error?.kind == .noDefinitionForType)
        #expect(error?.description == """
            Cannot resolve WiredWheels: no definition declares this type.
              NoWheelsAssembly.garage(owner: "Ines") → WiredWheels
              Return a Definition<WiredWheels> from an assembly method and list it in that assembly's definitions; \
            if a method with parameters (define(arguments:)) defines it, resolve that method with its arguments.
            """)
    }
}
