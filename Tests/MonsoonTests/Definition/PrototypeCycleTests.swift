import Monsoon
import Testing

/// A prototype in a cycle: its back-reference receives the instance built on its own branch, and each
/// branch that reaches the definition builds its own.
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
