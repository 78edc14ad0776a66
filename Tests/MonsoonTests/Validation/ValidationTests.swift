import Monsoon
import Testing

final class Castle {
    var guardHorse: Horse?
    init() {}
}

/// Every validation finding, one mistake each; activation succeeds because each is only found by
/// looking at the graph (or only fails when resolved).
final class FlawedAssembly: Assembly {
    let log = BuildLog()
    override var definitions: [any ComponentDefinition] {
        [chicken(), egg(), base(), usesBase(), castle(), horse(), knight(), quests(), grail(), dragon(), opaque(), lonely()]
    }
    override var parameterizedDefinitions: [ParameterizedMethod] { [ParameterizedMethod(FlawedAssembly.eagerSquire(named:))] }

    // initializer cycle
    func chicken() -> Definition<CycleAssembly.Chicken> { define { Definition(CycleAssembly.Chicken.init(egg:), egg()) } }
    func egg() -> Definition<CycleAssembly.Egg> { define { Definition(CycleAssembly.Egg.init(chicken:), chicken()) } }
    // abstract definition injected
    func base() -> Definition<Armory> { define { .abstract() } }
    func usesBase() -> Definition<Knight> {
        define { Definition(Knight.init(quest:horse:log:), .byType((any Quest).self), horse(), .value(log)).inject(\.armory, base()) }
    }
    // captive dependency: a singleton holding a prototype
    func castle() -> Definition<Castle> { define { Definition(Castle.init).inject(\.guardHorse, horse()).scope(.singleton) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Binky"), .value(log)).scope(.prototype) } }
    // by type with several candidates, and a singleton with runtime arguments reached by reference
    func knight() -> Definition<Squire> {
        define { Definition(Squire.init(name:log:), .value("Kay"), .value(log)).inject(\.master, .byType(ArgumentKnight.self)) }
    }
    func quests() -> Definition<[any Quest]> { define { Definition({ $0 }, .array([grail(), dragon()])) } }
    func grail() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func dragon() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func eagerSquire(named name: String) -> Definition<Squire> {
        define(arguments: name) { [log] in Definition(Squire.init(name:log:), .value(name), .value(log)).scope(.singleton) }
    }
    func opaque() -> Definition<Banner> { define { Definition { resolver in Banner(colour: try resolver.resolve(String.self)) } } }
    func lonely() -> Definition<Armory> {
        define { Definition(Armory.init(log:), .value(log)).injectMethod { _, _ in }.inject(\.serialHint, .provider(eagerSquire(named: "Dinadan"))) }
    }
}

extension Armory {
    /// Lets FlawedAssembly hold a provider without changing the shared fixture.
    var serialHint: Provider<Squire>? {
        get { nil }
        set {}
    }
}

@Suite struct ValidationTests {
    let report: ValidationReport

    init() throws {
        report = try BlockComponentFactory(assemblies: [FlawedAssembly()]).validate()
    }

    func messages(_ kind: ErrorKind) -> [String] {
        report.findings.filter { $0.kind == kind }.map(\.message)
    }

    @Test func findsInitializerCyclesWithTheirPath() {
        #expect(messages(.initializerCycle) == [
            "initializer cycle FlawedAssembly.chicken() → FlawedAssembly.egg() → FlawedAssembly.chicken(). Move one side to a property or method injection."
        ])
        #expect(report.findings.first { $0.kind == .initializerCycle }?.path == ["FlawedAssembly.chicken()", "FlawedAssembly.egg()", "FlawedAssembly.chicken()"])
    }

    @Test func findsAbstractDefinitionsInjected() {
        #expect(messages(.abstractDefinition) == [
            "FlawedAssembly.usesBase() (\\Knight.armory) injects FlawedAssembly.base(), which is abstract and can only be a parent."
        ])
    }

    @Test func findsByTypeInjectionsWithNoneOrSeveralCandidates() {
        #expect(messages(.noDefinitionForType) == [
            "FlawedAssembly.knight() (\\Squire.master) injects ArgumentKnight by type, but no definition declares it."
        ])
        #expect(messages(.ambiguousType) == [
            "FlawedAssembly.usesBase() (init #0) injects any Quest by type, but 2 definitions declare it: "
                + "FlawedAssembly.grail(), FlawedAssembly.dragon(). Inject one of them by reference."
        ])
    }

    @Test func findsSingletonsWithRuntimeArguments() {
        #expect(messages(.singletonWithArguments) == [
            "FlawedAssembly.eagerSquire(named: \"Dinadan\") has runtime arguments but is a singleton, which is built at activation; use lazySingleton."
        ])
    }

    @Test func warnsAboutCaptiveDependencies() {
        #expect(report.findings(.warning).map(\.kind) == [.captiveDependency])
        #expect(messages(.captiveDependency) == [
            "FlawedAssembly.castle() (singleton) holds FlawedAssembly.horse() (prototype) through \\Castle.guardHorse: the singleton keeps one Horse "
                + "for the factory's lifetime. Inject a Provider to get a fresh one when needed, or widen FlawedAssembly.horse()'s scope."
        ])
    }

    @Test func reportsOpaqueAndUnusedDefinitionsAsInformation() {
        #expect(messages(.opaqueDefinition).contains { $0.hasPrefix("FlawedAssembly.opaque() injects through closures") })
        #expect(messages(.unused).contains("FlawedAssembly.lonely() is not injected into any other definition (fine for components resolved directly)."))
        #expect(report.findings(.info).allSatisfy { [.opaqueDefinition, .unused].contains($0.kind) })
    }

    @Test func theReportListsErrorsFirstWithCounts() {
        #expect(!report.findings(.error).isEmpty)
        #expect(report.description.hasPrefix("Validation: "))
        #expect(report.findings.first?.severity == .error)
        #expect(report.findings.last?.severity == .info)
    }

    @Test func buildingOpaqueDefinitionsReportsWhatTheyResolveOrWhyTheyFail() throws {
        let factory = try BlockComponentFactory(assemblies: [FlawedAssembly()])
        let report = factory.validate(buildingOpaqueDefinitions: true)
        let failed = report.findings.filter { $0.kind == .opaqueDefinitionFailed }.map(\.message)
        #expect(failed.contains { $0.hasPrefix("building FlawedAssembly.opaque() in a throwaway factory failed: Cannot resolve String: no definition declares this type.") })
    }

    @Test func aValidGraphHasNoErrorsOrWarnings() throws {
        let report = try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())]).validate()
        #expect(report.findings(.error).isEmpty)
        #expect(report.findings(.warning).isEmpty)
    }

    @Test func validatingAtActivationRejectsErrors() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [FlawedAssembly()], validating: true) }
        // The same findings, with their own kinds and messages.
        #expect(error?.problems.map(\.kind) == report.findings(.error).map(\.kind))
        #expect(error?.problems.map(\.message) == report.findings(.error).map(\.message))
        #expect(error?.problems.count == report.findings(.error).count)
    }

    @Test func activationReportsItsProblemsAsErrorFindings() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [StrandedAssembly()]) }
        #expect(error?.problems.map(\.kind) == [.undeclaredDefinition])
        #expect(error?.problems.map(\.severity) == [.error])
        #expect(error?.problems.first?.message.hasPrefix("StrandedAssembly.knight() references horse()") == true)
    }
}
