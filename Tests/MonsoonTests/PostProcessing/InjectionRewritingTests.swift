import Monsoon
import Testing

/// Rewrites individual injections of QuestAssembly.knight(), the way Typhoon's definition
/// post-processors replace a definition's injections.
private struct KnightRewriter: DefinitionPostProcessor {
    let log: BuildLog
    let rewrite: @Sendable (inout RegisteredDefinition, BuildLog) throws -> Void
    func process(_ definition: inout RegisteredDefinition) throws {
        guard definition.key == "QuestAssembly.knight()" else { return }
        try rewrite(&definition, log)
    }
}

@Suite struct InjectionRewritingTests {
    let log = BuildLog()

    private func factory(_ rewrite: @escaping @Sendable (inout RegisteredDefinition, BuildLog) throws -> Void) throws -> BlockComponentFactory {
        try BlockComponentFactory(assemblies: [QuestAssembly(log: log)], definitionPostProcessors: [KnightRewriter(log: log, rewrite: rewrite)])
    }

    @Test func aPostProcessorListsEveryInjectionSiteInOrder() throws {
        let sites = Locked<[InjectionSite]>([])
        _ = try factory { definition, _ in sites.withLock { $0 = definition.injectionSites } }
        #expect(sites.withLock { $0 } == [
            .initializerArgument(0), .initializerArgument(1), .initializerArgument(2),
            .property(\Knight.damselsRescued), .property(\Knight.armory), .methodArgument(method: 0, argument: 0),
        ])
    }

    @Test func anInitializerArgumentIsReplacedAndTheOthersStay() throws {
        let factory = try factory { definition, log in
            try definition.replaceInjection(at: .initializerArgument(1), with: Injection.resolved { _ in Horse(name: "Plodder", log: log) })
        }
        let knight = try factory.resolve(QuestAssembly.knight)
        #expect(knight.horse.name == "Plodder")
        #expect(knight.quest is HolyGrailQuest)
        #expect(knight.damselsRescued == 12)
        #expect(knight.mountedHorse?.name == "Binky")
    }

    @Test func aPropertyAndAMethodArgumentAreReplaced() throws {
        let factory = try factory { definition, log in
            try definition.replaceInjection(at: .property(\Knight.damselsRescued), with: .value(3))
            try definition.replaceInjection(at: .methodArgument(method: 0, argument: 0), with: Injection.resolved { _ in Horse(name: "Shadowfax", log: log) })
        }
        let knight = try factory.resolve(QuestAssembly.knight)
        #expect(knight.damselsRescued == 3)
        #expect(knight.mountedHorse?.name == "Shadowfax")
        #expect(knight.horse.name == "Binky")
    }

    @Test func anOptionalPropertyIsReplacedWithAValueOfItsWrappedType() throws {
        let factory = try factory { definition, _ in
            try definition.replaceInjection(at: .property(\Knight.armory), with: Injection.resolved { _ in Armory(log: BuildLog()) })
        }
        let knight = try factory.resolve(QuestAssembly.knight)
        // A fresh log numbers its first object 1; the assembly's log has numbered others before it.
        #expect(knight.armory?.serial == 1)
        #expect(!log.events.contains("init Armory"))
    }

    @Test func aRewriteNeverReachesTheCallsItsArgumentsMake() throws {
        // Argument 1 (the horse) is built by its own compiled call, whose argument 0 is the horse's name:
        // a rewrite of the knight's argument 0 leaking into it would replace the name with a quest.
        let factory = try factory { definition, _ in
            try definition.replaceInjection(at: .initializerArgument(0), with: Injection.resolved { _ in DragonQuest() as any Quest })
        }
        let knight = try factory.resolve(QuestAssembly.knight)
        #expect(knight.quest is DragonQuest)
        #expect(knight.horse.name == "Binky")
        #expect(try factory.resolve(QuestAssembly.quest) is HolyGrailQuest)
    }

    @Test func twoRewritesOfOneCallBothApply() throws {
        let factory = try factory { definition, log in
            try definition.replaceInjection(at: .initializerArgument(0), with: Injection.resolved { _ in DragonQuest() as any Quest })
            try definition.replaceInjection(at: .initializerArgument(1), with: Injection.resolved { _ in Horse(name: "Plodder", log: log) })
        }
        let knight = try factory.resolve(QuestAssembly.knight)
        #expect(knight.quest is DragonQuest)
        #expect(knight.horse.name == "Plodder")
    }

    @Test func aReplacementReferenceIsAnEdgeOfTheGraph() throws {
        let factory = try factory { definition, _ in
            try definition.replaceInjection(at: .property(\Knight.armory), with: Injection<Armory?>.resolved { _ in nil })
        }
        let knightEdges = factory.graph().edges.filter { $0.from == "QuestAssembly.knight()" }.map(\.to)
        #expect(!knightEdges.contains("QuestAssembly.armory()"))
        #expect(try factory.resolve(QuestAssembly.knight).armory == nil)
    }

    @Test func aSiteTheDefinitionDoesNotHaveFailsActivation() {
        let error = #expect(throws: ActivationError.self) {
            try factory { definition, _ in try definition.replaceInjection(at: .initializerArgument(7), with: .value(1)) }
        }
        #expect(error?.description.contains("Cannot inject initializer argument 7: the definition has no such injection; its sites are initializer argument 0, initializer argument 1") == true)
    }

    @Test func aPropertyOfAnotherTypeFailsActivation() {
        let error = #expect(throws: ActivationError.self) {
            try factory { definition, _ in try definition.replaceInjection(at: .property(\Knight.damselsRescued), with: .value("many")) }
        }
        #expect(error?.description.contains("Cannot inject property \\Knight.damselsRescued: the property's type is neither String nor Optional<String>.") == true)
    }

    @Test func anArgumentNoValueOfWhichTheParameterTakesFailsActivation() {
        let error = #expect(throws: ActivationError.self) {
            try factory { definition, _ in try definition.replaceInjection(at: .initializerArgument(1), with: .value("a horse")) }
        }
        #expect(error?.description.contains(
            "Cannot inject initializer argument 1: it was replaced by an injection of String, and the parameter takes Horse.") == true)
    }

    @Test func aMethodArgumentOfAnUnrelatedClassFailsActivation() {
        let error = #expect(throws: ActivationError.self) {
            try factory { definition, log in
                try definition.replaceInjection(at: .methodArgument(method: 0, argument: 0), with: Injection.resolved { _ in Armory(log: log) })
            }
        }
        #expect(error?.description.contains(
            "Cannot inject argument 0 of injected method 0: it was replaced by an injection of Armory, and the parameter takes Horse.") == true)
    }

    @Test func aProtocolArgumentIsCheckedWhenBuiltBecauseOnlyTheValueTells() throws {
        let factory = try factory { definition, log in
            try definition.replaceInjection(at: .initializerArgument(0), with: Injection.resolved { _ in Armory(log: log) })
        }
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(QuestAssembly.knight) }
        #expect(error?.kind == .componentFailed)
        #expect(error?.underlyingError is DefinitionRewriteError)
        #expect(error?.description.contains(
            "Cannot inject initializer argument 0: it was replaced by an injection of Armory, and the parameter takes any Quest.") == true)
    }

    @Test func aConformingOrOptionalReplacementIsAccepted() throws {
        let factory = try factory { definition, _ in
            try definition.replaceInjection(at: .initializerArgument(0), with: Injection<any Quest>.resolved { _ in DragonQuest() })
            try definition.replaceInjection(at: .initializerArgument(1), with: Injection<Horse?>.resolved { resolver in
                try resolver.resolve(QuestAssembly.horse)
            })
        }
        let knight = try factory.resolve(QuestAssembly.knight)
        #expect(knight.quest is DragonQuest)
        #expect(knight.horse.name == "Binky")
    }

    @Test func anAsyncInitializersArgumentIsReplaced() async throws {
        let factory = try BlockComponentFactory(assemblies: [RewrittenAsyncAssembly()], definitionPostProcessors: [AsyncStationRewriter()])
        #expect(try await factory.resolve(RewrittenAsyncAssembly.station).name == "rewritten")
    }
}

private final class RewrittenStation: Sendable {
    let name: String
    init(name: String) async { self.name = name }
}

private final class RewrittenAsyncAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [station()] }
    func station() -> Definition<RewrittenStation> { define { Definition(RewrittenStation.init(name:), .value("declared")) } }
}

private struct AsyncStationRewriter: DefinitionPostProcessor {
    func process(_ definition: inout RegisteredDefinition) throws {
        try definition.replaceInjection(at: .initializerArgument(0), with: .value("rewritten"))
    }
}
