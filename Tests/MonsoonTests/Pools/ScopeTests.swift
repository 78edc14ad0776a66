import Monsoon
import Testing

/// A graph with a diamond: Top needs Left and Right, both need Shared.
final class Shared {
    let serial: Int
    init(log: BuildLog) {
        serial = log.nextSerial()
        log.record("init Shared")
    }
}

final class Side {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}

final class Top {
    let left: Side
    let right: Side
    init(left: Side, right: Side) {
        self.left = left
        self.right = right
    }
}

final class DiamondAssembly: Assembly {
    let log: BuildLog
    let sharedScope: Scope

    init(log: BuildLog, sharedScope: Scope) {
        self.log = log
        self.sharedScope = sharedScope
    }

    override var definitions: [any ComponentDefinition] { [top(), left(), right(), shared()] }

    func top() -> Definition<Top> { define { Definition(Top.init(left:right:), left(), right()) } }
    func left() -> Definition<Side> { define { Definition(Side.init(shared:), shared()) } }
    func right() -> Definition<Side> { define { Definition(Side.init(shared:), shared()) } }
    func shared() -> Definition<Shared> { define { Definition(Shared.init(log:), .value(log)).scope(sharedScope) } }
}

@Suite struct ScopeTests {
    let log = BuildLog()

    func diamond(_ scope: Scope) throws -> BlockComponentFactory {
        try BlockComponentFactory(assemblies: [DiamondAssembly(log: log, sharedScope: scope)])
    }

    @Test func objectGraphIsSharedWithinOneResolutionAndNewForTheNext() throws {
        let factory = try diamond(.objectGraph)
        let first = try factory.resolve(DiamondAssembly.top)
        let second = try factory.resolve(DiamondAssembly.top)
        #expect(first.left.shared === first.right.shared)
        #expect(first.left.shared !== second.left.shared)
        #expect(log.count("init Shared") == 2)
    }

    @Test func objectGraphIsTheDefaultScope() throws {
        final class UnscopedAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [top(), side(), shared()] }
            func top() -> Definition<Top> { define { Definition(Top.init(left:right:), side(), side()) } }
            func side() -> Definition<Side> { define { Definition(Side.init(shared:), shared()) } }
            func shared() -> Definition<Shared> { define { Definition(Shared.init(log:), .value(log)) } }
        }
        let factory = try BlockComponentFactory(assemblies: [UnscopedAssembly(log: log)])
        let top = try factory.resolve(UnscopedAssembly.top)
        #expect(top.left === top.right, "one unscoped definition referenced twice in a graph: one instance")
        #expect(try factory.resolve(UnscopedAssembly.top).left !== top.left)
        #expect(factory.definitions.allSatisfy { $0.scope == .objectGraph })
    }

    @Test func prototypeIsNewAtEveryReference() throws {
        let factory = try diamond(.prototype)
        let top = try factory.resolve(DiamondAssembly.top)
        #expect(top.left.shared !== top.right.shared)
        #expect(log.count("init Shared") == 2)
    }

    @Test func singletonIsBuiltAtActivationAndSharedByEveryResolution() throws {
        let factory = try diamond(.singleton)
        #expect(log.count("init Shared") == 1)
        let first = try factory.resolve(DiamondAssembly.top)
        let second = try factory.resolve(DiamondAssembly.top)
        let direct = try factory.resolve(Shared.self)
        #expect(first.left.shared === second.right.shared)
        #expect(direct === first.left.shared)
        #expect(log.count("init Shared") == 1)
    }

    @Test func lazySingletonIsBuiltOnFirstResolutionOnly() throws {
        let factory = try diamond(.lazySingleton)
        #expect(log.count("init Shared") == 0)
        let first = try factory.resolve(DiamondAssembly.top)
        #expect(log.count("init Shared") == 1)
        let second = try factory.resolve(DiamondAssembly.top)
        #expect(first.left.shared === second.right.shared)
        #expect(log.count("init Shared") == 1)
    }

    @Test func weakSingletonIsSharedWhileSomethingHoldsIt() throws {
        let factory = try diamond(.weakSingleton)
        let held = try factory.resolve(Shared.self)
        let top = try factory.resolve(DiamondAssembly.top)
        #expect(top.left.shared === held)
        #expect(top.right.shared === held)
        #expect(log.count("init Shared") == 1)
    }

    @Test func weakSingletonIsRebuiltOnceNothingHoldsIt() throws {
        let factory = try diamond(.weakSingleton)
        weak var weakFirst: Shared?
        var firstSerial = 0
        do {
            let first = try factory.resolve(Shared.self)
            weakFirst = first
            firstSerial = first.serial
        }
        #expect(weakFirst == nil, "the factory must not keep a weakSingleton alive")
        let second = try factory.resolve(Shared.self)
        #expect(second.serial != firstSerial)
        #expect(log.count("init Shared") == 2)
    }

    @Test func weakSingletonOfAValueTypeIsReportedAtActivation() throws {
        final class ValueAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [banner()] }
            func banner() -> Definition<Banner> { define { Definition { Banner(colour: "red") }.scope(.weakSingleton) } }
        }
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ValueAssembly()]) }
        #expect(error?.problems.map(\.kind) == [.weakSingletonOfValueType])
        #expect(error?.description.hasPrefix("Cannot activate the factory: ValueAssembly.banner() (MonsoonTests/ScopeTests.swift:") == true)
        #expect(error?.description.hasSuffix(") is a weakSingleton of Banner, a value type, which nothing can hold weakly. Use .lazySingleton for value types.") == true)
    }

    @Test func weakSingletonDeclaringAProtocolThatBuildsAValueFailsWhenBuilt() throws {
        final class FlagAssembly: Assembly {
            override var definitions: [any ComponentDefinition] { [banner()] }
            func banner() -> Definition<any Sendable> { define { Definition { Banner(colour: "red") as any Sendable }.scope(.weakSingleton) } }
        }
        let factory = try BlockComponentFactory(assemblies: [FlagAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(FlagAssembly.banner) }
        #expect(error?.kind == .weakSingletonOfValueType)
        #expect(error?.description == """
            Cannot resolve FlagAssembly.banner(): a weakSingleton must build a class instance, but it built a Banner.
              Use .lazySingleton for value types.
            """)
    }

    @Test(arguments: [Scope.singleton, .lazySingleton])
    func twoFactoriesNeverShareInstances(scope: Scope) throws {
        let one = try diamond(scope)
        let other = try diamond(scope)
        #expect(try one.resolve(Shared.self) !== other.resolve(Shared.self))
    }

    @Test(arguments: [Scope.singleton, .lazySingleton])
    func releasingTheFactoryReleasesItsSingletons(scope: Scope) throws {
        weak var weakShared: Shared?
        do {
            let factory = try diamond(scope)
            weakShared = try factory.resolve(Shared.self)
            #expect(weakShared != nil)
        }
        #expect(weakShared == nil)
    }
}
