import Monsoon
import Testing

/// Assemblies that are wrong on purpose, one mistake each.
final class CycleAssembly: Assembly {
    final class Chicken { init(egg: Egg) {} }
    final class Egg { init(chicken: Chicken) {} }
    override var definitions: [any ComponentDefinition] { [chicken(), egg()] }
    func chicken() -> Definition<Chicken> { define { Definition(Chicken.init(egg:), egg()) } }
    func egg() -> Definition<Egg> { define { Definition(Egg.init(chicken:), chicken()) } }
}

final class AmbiguousAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [grail(), dragon(), knight()] }
    func grail() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func dragon() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func knight() -> Definition<Knight> {
        define {
            Definition(Knight.init(quest:horse:log:), .byType(), Injection.resolved { _ in Horse(name: "x", log: BuildLog()) }, .value(BuildLog()))
        }
    }
}

final class AbstractAssembly: Assembly {
    class Base { var theme = "" }
    final class Home: Base {}
    override var definitions: [any ComponentDefinition] { [base(), home()] }
    func base() -> Definition<Base> { define { .abstract() } }
    func home() -> Definition<Home> { define { Definition { Home() }.parent(base()).inject(\.theme, "dark") } }
}

final class ForgetfulAssembly: Assembly {
    let log = BuildLog()
    override var definitions: [any ComponentDefinition] { [knight(), quest()] }  // horse() is missing
    func knight() -> Definition<Knight> { define { Definition(Knight.init(quest:horse:log:), quest(), horse(), .value(log)) } }
    func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init(name:log:), .value("Forgotten"), .value(log)) } }
}

final class PartlyListedAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [quest()] }
    func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
    func armory() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(BuildLog())) } }  // unlisted, unreferenced
}

struct Unbuildable: Error, CustomStringConvertible {
    var description: String { "the forge is cold" }
}

@Suite struct ErrorTests {
    let log = BuildLog()

    @Test func unknownKeyNamesTheNearestKeys() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(key: "QuestAssembly.knigt()", as: Knight.self) }
        #expect(error?.kind == .unknownKey)
        #expect(error?.description == """
            Cannot resolve key "QuestAssembly.knigt()": no definition has this key.
              Did you mean: QuestAssembly.knight()?
            """)
    }

    @Test func noDefinitionForTypeSaysHowToDeclareOne() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(DragonQuest.self) }
        #expect(error?.kind == .noDefinitionForType)
        #expect(error?.description == """
            Cannot resolve DragonQuest: no definition declares this type.
              Return a Definition<DragonQuest> from an assembly method and list it in that assembly's definitions; if a method with parameters (define(arguments:)) defines it, resolve that method with its arguments.
            """)
    }

    @Test func ambiguousTypeNamesEveryCandidateAndThePath() throws {
        let factory = try BlockComponentFactory(assemblies: [AmbiguousAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(AmbiguousAssembly.knight) }
        #expect(error?.kind == .ambiguousType)
        #expect(error?.path == ["AmbiguousAssembly.knight()", "any Quest"])
        #expect(error?.description == """
            Cannot resolve any Quest: 2 definitions declare this type: AmbiguousAssembly.grail(), AmbiguousAssembly.dragon().
              AmbiguousAssembly.knight() → any Quest
              Inject or resolve one of them by reference or by key instead of by type.
            """)
    }

    @Test func abstractDefinitionsCannotBeResolved() throws {
        let factory = try BlockComponentFactory(assemblies: [AbstractAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(AbstractAssembly.base) }
        #expect(error?.kind == .abstractDefinition)
        #expect(error?.description == """
            Cannot resolve AbstractAssembly.base(): the definition is abstract and can only be a parent.
              Resolve or inject one of the definitions that name it as their parent: AbstractAssembly.home().
            """)
        #expect(throws: ResolutionError.self) { try factory.resolve(AbstractAssembly.Base.self) }
        #expect(try factory.resolve(AbstractAssembly.home).theme == "dark")
    }

    @Test func initializerCyclesNameTheChainAndTheFix() throws {
        let factory = try BlockComponentFactory(assemblies: [CycleAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(CycleAssembly.chicken) }
        #expect(error?.kind == .initializerCycle)
        #expect(error?.path == ["CycleAssembly.chicken()", "CycleAssembly.egg()", "CycleAssembly.chicken()"])
        #expect(error?.description == """
            Cannot resolve CycleAssembly.chicken(): initializer cycle
              CycleAssembly.chicken() → CycleAssembly.egg() → CycleAssembly.chicken()
              Move one side of the cycle to a property or method injection.
            """)
    }

    @Test func aValueOfTheWrongTypeIsReported() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: log)])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(key: "QuestAssembly.knight()", as: Horse.self) }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.description == """
            Cannot resolve QuestAssembly.knight() as Horse: it builds Knight, not Horse.
              Request it as Knight, or change the type its definition declares.
            """)
    }

    @Test func aDefinitionReachedByReferenceIsRegisteredWithoutBeingListed() throws {
        let factory = try BlockComponentFactory(assemblies: [ForgetfulAssembly()])
        #expect(factory.definitions.map(\.key) == ["ForgetfulAssembly.knight()", "ForgetfulAssembly.quest()", "ForgetfulAssembly.horse()"])
        #expect(try factory.resolve(ForgetfulAssembly.knight).horse.name == "Forgotten")
        #expect(try factory.resolve(key: "ForgetfulAssembly.horse()", as: Horse.self).name == "Forgotten")
    }

    @Test func activationRejectsAReferenceToAnAssemblyThatWasNotActivated() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [StrandedAssembly()]) }
        #expect(error?.problems.map(\.kind) == [.undeclaredDefinition])
        #expect(error?.description == """
            Cannot activate the factory: StrandedAssembly.knight() references horse() (MonsoonTests/ErrorTests.swift:37), \
            which no activated assembly lists or reaches. List horse() in ForgetfulAssembly's `override var definitions`, \
            and activate ForgetfulAssembly if it is not.
            """)
    }

    @Test func resolvingAnUnlistedDefinitionIsAnErrorNotASilentBuild() throws {
        let factory = try BlockComponentFactory(assemblies: [PartlyListedAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(PartlyListedAssembly.armory) }
        #expect(error?.kind == .undeclaredDefinition)
        #expect(error?.description == """
            Cannot resolve armory() (MonsoonTests/ErrorTests.swift:43): the definition of Armory is not listed in PartlyListedAssembly's definitions.
              Add armory() to PartlyListedAssembly's `override var definitions` so that activation registers it.
            """)
    }

    @Test func resolvingAMethodOfAnAssemblyThatWasNotActivated() throws {
        let factory = try BlockComponentFactory(assemblies: [CycleAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(QuestAssembly.knight) }
        #expect(error?.kind == .assemblyNotActivated)
        #expect(error?.description == """
            Cannot resolve a definition of QuestAssembly: no QuestAssembly was activated in this factory (activated: CycleAssembly).
              Pass an instance of QuestAssembly (or a subclass) to BlockComponentFactory(assemblies:).
            """)
    }

    @Test func errorsThrownByComponentsAreWrappedWithTheirPath() throws {
        final class ForgeAssembly: Assembly {
            let log = BuildLog()
            override var definitions: [any ComponentDefinition] { [knight(), armory()] }
            func knight() -> Definition<Knight> {
                define {
                    Definition(Knight.init(quest:horse:log:), Injection.resolved { _ in DragonQuest() as any Quest }, Injection.resolved { [log] _ in Horse(name: "x", log: log) }, .value(log))
                        .inject(\.armory, armory())
                }
            }
            func armory() -> Definition<Armory> { define { Definition { () throws -> Armory in throw Unbuildable() } } }
        }
        let factory = try BlockComponentFactory(assemblies: [ForgeAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(ForgeAssembly.knight) }
        #expect(error?.kind == .componentFailed)
        #expect(error?.underlyingError is Unbuildable)
        #expect(error?.description == """
            Cannot resolve ForgeAssembly.armory(): building it threw the forge is cold.
              ForgeAssembly.knight() → ForgeAssembly.armory()
              While injecting property \\Knight.armory of ForgeAssembly.knight().
            """)
    }

    @Test func activationReportsEveryProblemAtOnce() {
        final class Twin: Assembly {
            override var definitions: [any ComponentDefinition] { [quest(), quest()] }
            func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init) } }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [Twin(), Twin()]) }
        #expect(error?.problems.map(\.kind) == [.duplicateKey, .duplicateAssembly])
        #expect(error?.description == """
            Cannot activate the factory: 2 problems
              - Twin.quest() (MonsoonTests/ErrorTests.swift:182) is listed more than once in its assembly's definitions; list it once.
              - Twin was passed more than once. Pass each assembly type once.
            """)
    }

    @Test func twoMethodsReturningOneDefinitionSiteAreRejected() {
        final class Helper: Assembly {
            override var definitions: [any ComponentDefinition] { [first(), second()] }
            func make() -> Definition<Armory> { define { Definition(Armory.init(log:), .value(BuildLog())) } }
            func first() -> Definition<Armory> { make() }
            func second() -> Definition<Armory> { make() }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [Helper()]) }
        #expect(error?.problems.map(\.kind) == [.duplicateKey])
    }

    @Test func listingAnotherAssemblysDefinitionIsRejected() {
        final class Borrower: Assembly {
            let quests = QuestAssembly(log: BuildLog())
            override var definitions: [any ComponentDefinition] { [quests.armory()] }
        }
        let quests = QuestAssembly(log: log)
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [quests, Borrower()]) }
        #expect(error?.problems.map(\.kind) == [.sharedDefinitionSite])
        #expect(error?.description.hasPrefix("""
            Cannot activate the factory: QuestAssembly.armory() and Borrower.armory() are the same definition, created at \
            MonsoonTests/QuestAssembly.swift:
            """) == true)
    }

    @Test func aFailingSingletonFailsActivation() {
        final class FailingSingleton: Assembly {
            override var definitions: [any ComponentDefinition] { [armory()] }
            func armory() -> Definition<Armory> { define { Definition { () throws -> Armory in throw Unbuildable() }.scope(.singleton) } }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [FailingSingleton()]) }
        #expect(error?.problems.first?.resolutionError?.kind == .componentFailed)
        #expect(error?.description == """
            Cannot activate the factory: Building singleton FailingSingleton.armory() failed. \
            Cannot resolve FailingSingleton.armory(): building it threw the forge is cold.
            """)
    }

    @Test func aResolverUsedAfterItsResolutionThrows() throws {
        final class Escaped: @unchecked Sendable { var resolver: Resolver? }
        final class EscapeAssembly: Assembly {
            let escaped: Escaped
            init(_ escaped: Escaped) { self.escaped = escaped }
            override var definitions: [any ComponentDefinition] { [banner()] }
            func banner() -> Definition<Banner> {
                define {
                    let escaped = self.escaped
                    return Definition { resolver in
                        escaped.resolver = resolver
                        return Banner(colour: "blue")
                    }
                }
            }
        }
        let escaped = Escaped()
        let factory = try BlockComponentFactory(assemblies: [EscapeAssembly(escaped)])
        _ = try factory.resolve(Banner.self)
        let error = #expect(throws: ResolutionError.self) { try escaped.resolver?.resolve(Banner.self) }
        #expect(error?.kind == .resolverOutsideResolution)
    }

    @Test func definitionsMustBeCreatedInsideDefine() {
        final class Bare: Assembly {
            override var definitions: [any ComponentDefinition] { [armory()] }
            func armory() -> Definition<Armory> { Definition(Armory.init(log:), .value(BuildLog())) }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [Bare()]) }
        #expect(error?.problems.map(\.kind) == [.definitionOutsideDefine])
        #expect(error?.description == """
            Cannot activate the factory: Bare.armory() (MonsoonTests/ErrorTests.swift:257) does not create its \
            definition inside define { … }. Write the method as `define { Definition(…) }` so that the definitions it \
            references become references instead of being evaluated (which would never end on a cycle).
            """)
    }
}

/// Refers to a definition of an assembly that is not activated alongside it.
final class StrandedAssembly: Assembly {
    // Computed, not stored: a stored assembly would be activated as a collaborator.
    var forgetful: ForgetfulAssembly { ForgetfulAssembly() }
    override var definitions: [any ComponentDefinition] { [knight()] }
    func knight() -> Definition<Knight> {
        define { Definition(Knight.init(quest:horse:log:), Injection.resolved { _ in DragonQuest() as any Quest }, forgetful.horse(), .value(BuildLog())) }
    }
}
