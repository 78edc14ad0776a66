import Monsoon
import Testing

/// A prototype in a cycle: its back-reference receives the instance built on its own branch, and each
/// branch that reaches the definition builds its own. The last four are the cases Typhoon's own suite
/// pins (its circular-dependencies assembly), and an asynchronous and a parameterized variant.
@Suite struct PrototypeCycleTests {
    @Test func eachBranchGetsItsOwnPrototypeAndItsBackReferencePointsToIt() throws {
        let factory = try BlockComponentFactory(assemblies: [LoopAssembly()])
        let root = try factory.resolve(LoopAssembly.root)
        let first = try #require(root.first)
        let second = try #require(root.second)
        #expect(first !== second)
        #expect(first.partner?.owner === first)
        #expect(second.partner?.owner === second)
        #expect(first.partner !== second.partner)
    }

    @Test func aPrototypeReachedInsideItsOwnSubtreeButNotAsAnAncestorIsNew() throws {
        let factory = try BlockComponentFactory(assemblies: [LoopAssembly()])
        let head = try factory.resolve(LoopAssembly.head)
        // head → partner → owner is a back-reference (head itself); head → sibling → owner is head2(), a new head.
        let sibling = try #require(head.sibling)
        #expect(head.partner?.owner === head)
        #expect(sibling.owner !== head)
    }

    /// Typhoon's `prototypeInitInjected`: the property back-reference waits for the initializer that is
    /// building it, then receives that instance; a second resolution builds a second pair.
    @Test func aPropertyBackReferenceToAPrototypeStillInItsInitializerReceivesThatInstance() throws {
        let factory = try BlockComponentFactory(assemblies: [PrototypePairAssembly()])
        let built = try factory.resolve(PrototypePairAssembly.initializerInjected)
        let other = try factory.resolve(PrototypePairAssembly.propertyInjected)
        #expect(built.partner.back === built)
        #expect(other.back?.partner === other)
        #expect(built.partner !== other)
        #expect(other.back !== built)
    }

    /// Typhoon's "currently resolving overwrite" case: two prototypes in one chain, both needing the
    /// singleton being built, neither overwriting the other's place on the stack.
    @Test func twoObjectGraphComponentsInOneChainBackToASingletonAreBothInjected() throws {
        let factory = try BlockComponentFactory(assemblies: [PrototypePairAssembly()])
        let hub = try factory.resolve(PrototypePairAssembly.hub)
        let spoke = try #require(hub.spoke)
        let rim = try #require(hub.rim)
        #expect(spoke.hub === hub)
        #expect(rim.spoke === spoke)
    }

    /// The back-reference of each branch waits for its own prototype's initializer (a postponed injection),
    /// and is then given that branch's instance, not the one the first branch built.
    @Test func twoBranchesWhoseBackReferencesArePostponedEachCloseOnTheirOwnInstance() throws {
        let factory = try BlockComponentFactory(assemblies: [PrototypePairAssembly()])
        let root = try factory.resolve(PrototypePairAssembly.pairRoot)
        let first = try #require(root.first)
        let second = try #require(root.second)
        #expect(first !== second)
        #expect(first.partner !== second.partner)
        #expect(first.partner.back === first)
        #expect(second.partner.back === second)
    }

    @Test func twoBranchesOfAsyncPrototypesEachCloseOnTheirOwnInstance() async throws {
        let factory = try BlockComponentFactory(assemblies: [AsyncPrototypePairAssembly()])
        let root = try await factory.resolve(AsyncPrototypePairAssembly.root)
        let first = try #require(root.first)
        let second = try #require(root.second)
        #expect(first !== second)
        #expect(first.partner.back === first)
        #expect(second.partner.back === second)
    }

    /// Typhoon keys the stack by definition and arguments: the same arguments are a back-reference,
    /// others a new component.
    @Test func aParameterizedPrototypeIsABackReferenceOnlyWithTheSameArguments() throws {
        let factory = try BlockComponentFactory(assemblies: [PrototypePairAssembly()])
        let two = try factory.resolve(PrototypePairAssembly().level(2))
        let one = try #require(two.below)
        let zero = try #require(one.below)
        #expect(two.itself === two)
        #expect(one.itself === one)
        #expect([two.depth, one.depth, zero.depth] == [2, 1, 0])
        #expect(zero.below == nil)
    }
}

final class LoopHead {
    var partner: LoopPartner?
    var sibling: LoopPartner?
    init() {}
}

final class LoopPartner {
    var owner: LoopHead?
    init() {}
}

final class LoopRoot {
    var first: LoopHead?
    var second: LoopHead?
    init() {}
}

final class LoopAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [root(), head(), partner(), stranger()] }
    func root() -> Definition<LoopRoot> { define { Definition(LoopRoot.init).inject(\.first, head()).inject(\.second, head()) } }
    func head() -> Definition<LoopHead> {
        define { Definition(LoopHead.init).inject(\.partner, partner()).inject(\.sibling, stranger()).scope(.prototype) }
    }
    func partner() -> Definition<LoopPartner> { define { Definition(LoopPartner.init).inject(\.owner, head()).scope(.prototype) } }
    func stranger() -> Definition<LoopPartner> { define { Definition(LoopPartner.init).inject(\.owner, head2()).scope(.prototype) } }
    func head2() -> Definition<LoopHead> { define { Definition(LoopHead.init).scope(.prototype) } }
}

final class InitializerInjected {
    let partner: PropertyInjected
    init(partner: PropertyInjected) { self.partner = partner }
}

final class PropertyInjected {
    var back: InitializerInjected?
    init() {}
}

final class Hub {
    var spoke: Spoke?
    var rim: Rim?
    init() {}
}

final class Spoke {
    let hub: Hub
    init(hub: Hub) { self.hub = hub }
}

final class Rim {
    let spoke: Spoke
    init(spoke: Spoke) { self.spoke = spoke }
}

final class Level {
    let depth: Int
    var itself: Level?
    var below: Level?
    init(depth: Int) { self.depth = depth }
}

final class PairRoot {
    var first: InitializerInjected?
    var second: InitializerInjected?
    init() {}
}

final class PrototypePairAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [initializerInjected(), propertyInjected(), pairRoot(), hub(), spoke(), rim()] }
    func initializerInjected() -> Definition<InitializerInjected> {
        define { Definition(InitializerInjected.init(partner:), propertyInjected()).scope(.prototype) }
    }
    func propertyInjected() -> Definition<PropertyInjected> {
        define { Definition(PropertyInjected.init).inject(\.back, initializerInjected()).scope(.prototype) }
    }
    func pairRoot() -> Definition<PairRoot> {
        define { Definition(PairRoot.init).inject(\.first, initializerInjected()).inject(\.second, initializerInjected()) }
    }
    func hub() -> Definition<Hub> { define { Definition(Hub.init).inject(\.spoke, spoke()).inject(\.rim, rim()).scope(.singleton) } }
    func spoke() -> Definition<Spoke> { define { Definition(Spoke.init(hub:), hub()) } }
    func rim() -> Definition<Rim> { define { Definition(Rim.init(spoke:), spoke()) } }
    func level(_ depth: Int) -> Definition<Level> {
        define(arguments: depth) { [self] in
            let level = Definition { Level(depth: depth) }.inject(\.itself, level(depth)).scope(.prototype)
            return depth > 0 ? level.inject(\.below, self.level(depth - 1)) : level
        }
    }
}

final class AsyncPrototypePairAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [root(), initializerInjected(), propertyInjected()] }
    func root() -> Definition<PairRoot> {
        define { Definition(PairRoot.init).inject(\.first, initializerInjected()).inject(\.second, initializerInjected()) }
    }
    func initializerInjected() -> Definition<InitializerInjected> {
        define {
            Definition({ (partner: PropertyInjected) async in
                await Task.yield()
                return InitializerInjected(partner: partner)
            }, propertyInjected()).scope(.prototype)
        }
    }
    func propertyInjected() -> Definition<PropertyInjected> {
        define { Definition(PropertyInjected.init).inject(\.back, initializerInjected()).scope(.prototype) }
    }
}

// Typhoon's `test_general_knight_for_different_kings`.
final class GeneralKnight {
    var name = "knight"
    var kingdom: Kingdom?
    init() {}
}

final class Kingdom {
    var first: King?
    var second: King?
    init() {}
}

final class King {
    let name: String
    var personalGuard: GeneralKnight? {
        didSet { personalGuard?.name = "\(name)'s personal guard" }
    }
    init(name: String) { self.name = name }
}

final class KingdomAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [generalKnight(), kingdom(), arthur(), mordred()] }
    func generalKnight() -> Definition<GeneralKnight> {
        define { Definition(GeneralKnight.init).inject(\.kingdom, kingdom()).scope(.prototype) }
    }
    func kingdom() -> Definition<Kingdom> {
        define { Definition(Kingdom.init).inject(\.first, arthur()).inject(\.second, mordred()).scope(.lazySingleton) }
    }
    func arthur() -> Definition<King> {
        define { Definition(King.init(name:), .value("Arthur")).inject(\.personalGuard, generalKnight()).scope(.lazySingleton) }
    }
    func mordred() -> Definition<King> {
        define { Definition(King.init(name:), .value("Mordred")).inject(\.personalGuard, generalKnight()).scope(.lazySingleton) }
    }
}

extension PrototypeCycleTests {
    /// An in-flight prototype is handed back only to the component it is building (distance 0) or to
    /// the one directly under it (distance 1); mordred() asks from further down, and gets a new knight.
    @Test func aPrototypeInFlightFurtherUpThanTheRequestersParentIsBuiltAnew() throws {
        let factory = try BlockComponentFactory(assemblies: [KingdomAssembly()])
        let arthur = try factory.resolve(KingdomAssembly.arthur)
        let mordred = try factory.resolve(KingdomAssembly.mordred)
        let arthursGuard = try #require(arthur.personalGuard)
        let mordredsGuard = try #require(mordred.personalGuard)
        #expect(mordredsGuard !== arthursGuard)
        #expect(arthursGuard.name == "Arthur's personal guard")
        #expect(mordredsGuard.name == "Mordred's personal guard")
        // The kingdom, a back-reference at distance 1, is the knight's own and holds both kings.
        #expect(arthursGuard.kingdom?.first === arthur)
        #expect(arthursGuard.kingdom?.second === mordred)
        #expect(mordredsGuard.kingdom === arthursGuard.kingdom)
    }
}
