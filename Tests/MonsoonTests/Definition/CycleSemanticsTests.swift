import Dispatch
import Monsoon
import Testing

// Typhoon's cycle semantics, pinned: afterInjections hooks wait for the whole cycle, a property or method
// injection whose target is still in its initializer is postponed rather than an error, and prototypes
// close cycles on their own branch.

/// Three members of one property cycle, A → B → C → A; each hook records whether the whole cycle was
/// complete when it ran.
final class Ring: @unchecked Sendable {
    let name: String
    var next: Ring?
    init(name: String) { self.name = name }

    /// Every member reachable from here is injected and the ring closes back on itself.
    var cycleIsComplete: Bool {
        var seen = 0
        var current: Ring? = self
        repeat {
            guard let member = current?.next else { return false }
            current = member
            seen += 1
        } while current !== self && seen < 10
        return current === self
    }
}

final class RingAssembly: Assembly {
    let log: BuildLog
    let scope: Scope
    init(log: BuildLog, scope: Scope) {
        self.log = log
        self.scope = scope
    }

    override var definitions: [any ComponentDefinition] { [a(), b(), c()] }

    func a() -> Definition<Ring> { define { ringMember(Definition(Ring.init(name:), .value("A")), next: b(), log: log, scope: scope) } }
    func b() -> Definition<Ring> { define { ringMember(Definition(Ring.init(name:), .value("B")), next: c(), log: log, scope: scope) } }
    func c() -> Definition<Ring> { define { ringMember(Definition(Ring.init(name:), .value("C")), next: a(), log: log, scope: scope) } }
}

/// A member of a ring: `made`, injected with the next member, recording whether the whole ring was
/// complete when its hook ran.
func ringMember(_ made: Definition<Ring>, next: Definition<Ring>, log: BuildLog, scope: Scope) -> Definition<Ring> {
    made.inject(\.next, next)
        .afterInjections { ring in log.record("hook \(ring.name) complete=\(ring.cycleIsComplete)") }
        .scope(scope)
}

/// A door whose initializer needs its frame, and a frame that receives its door by property (or by
/// method): the mixed cycle Typhoon resolves from either end.
final class Door: @unchecked Sendable {
    let frame: DoorFrame
    init(frame: DoorFrame) { self.frame = frame }
}

final class DoorFrame: @unchecked Sendable {
    var door: Door?
    var doorWasSetInHook = false
    func hang(_ door: Door) { self.door = door }
}

final class DoorAssembly: Assembly {
    let scope: Scope
    let byMethod: Bool
    init(scope: Scope, byMethod: Bool = false) {
        self.scope = scope
        self.byMethod = byMethod
    }

    override var definitions: [any ComponentDefinition] { [door(), frame()] }

    func door() -> Definition<Door> { define { Definition(Door.init(frame:), frame()).scope(scope) } }

    func frame() -> Definition<DoorFrame> {
        define {
            let frame = Definition(DoorFrame.init)
            let injected = byMethod ? frame.injectMethod(DoorFrame.hang(_:), door()) : frame.inject(\.door, door())
            return injected.afterInjections { $0.doorWasSetInHook = $0.door != nil }.scope(scope)
        }
    }
}

/// A tree whose two branches are prototypes, each with a leaf that refers back to its branch.
final class Tree {
    var left: Branch?
    var right: Branch?
}

final class Branch {
    var leaf: Leaf?
}

final class Leaf {
    var branch: Branch?
}

final class TreeAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [tree(), branch(), leaf()] }

    func tree() -> Definition<Tree> { define { Definition(Tree.init).inject(\.left, branch()).inject(\.right, branch()) } }
    func branch() -> Definition<Branch> { define { Definition(Branch.init).inject(\.leaf, leaf()).scope(.prototype) } }
    func leaf() -> Definition<Leaf> { define { Definition(Leaf.init).inject(\.branch, branch()).scope(.prototype) } }
}

/// Prototype branches whose initializer needs a leaf that refers back to the branch: each back-reference
/// is postponed until its own branch exists.
final class Orchard {
    var first: Bough?
    var second: Bough?
}

final class Bough {
    let blossom: Blossom
    init(blossom: Blossom) { self.blossom = blossom }
}

final class Blossom {
    var bough: Bough?
}

final class OrchardAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [orchard(), bough(), blossom()] }

    func orchard() -> Definition<Orchard> { define { Definition(Orchard.init).inject(\.first, bough()).inject(\.second, bough()) } }
    func bough() -> Definition<Bough> { define { Definition(Bough.init(blossom:), blossom()).scope(.prototype) } }
    func blossom() -> Definition<Blossom> { define { Definition(Blossom.init).inject(\.bough, bough()).scope(.prototype) } }
}

/// A mixed cycle whose property end is a value type: it cannot receive the door later.
struct ValueFrame {
    var door: ValueDoor?
}

final class ValueDoor: @unchecked Sendable {
    let frame: ValueFrame
    init(frame: ValueFrame) { self.frame = frame }
}

final class ValueDoorAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [door(), frame()] }
    func door() -> Definition<ValueDoor> { define { Definition(ValueDoor.init(frame:), frame()) } }
    func frame() -> Definition<ValueFrame> { define { Definition(ValueFrame.init).inject(\.door, door()) } }
}

@Suite struct CycleSemanticsTests {
    let log = BuildLog()

    @Test(arguments: [Scope.objectGraph, .prototype, .singleton, .lazySingleton, .weakSingleton])
    func noHookOfACycleRunsBeforeEveryMemberIsInjected(scope: Scope) throws {
        let factory = try BlockComponentFactory(assemblies: [RingAssembly(log: log, scope: scope)])
        for method in [RingAssembly.a, RingAssembly.b, RingAssembly.c] {
            let ring = try factory.resolve(method)
            #expect(ring.cycleIsComplete)
            withExtendedLifetime(ring) {}
        }
        let hooks = log.events.filter { $0.hasPrefix("hook") }
        #expect(!hooks.isEmpty)
        #expect(hooks.allSatisfy { $0.hasSuffix("complete=true") }, "\(hooks)")
    }

    @Test(arguments: [Scope.objectGraph, .lazySingleton, .weakSingleton])
    func eachMemberOfACycleRunsItsHookOncePerBuild(scope: Scope) throws {
        let factory = try BlockComponentFactory(assemblies: [RingAssembly(log: log, scope: scope)])
        let ring = try factory.resolve(RingAssembly.b)
        #expect(log.events.filter { $0.hasPrefix("hook") }.sorted() == ["hook A complete=true", "hook B complete=true", "hook C complete=true"])
        withExtendedLifetime(ring) {}
    }

    @Test(arguments: [Scope.objectGraph, .prototype, .lazySingleton, .weakSingleton])
    func aMixedCycleResolvesFromTheInitializerEnd(scope: Scope) throws {
        for byMethod in [false, true] {
            let factory = try BlockComponentFactory(assemblies: [DoorAssembly(scope: scope, byMethod: byMethod)])
            let door = try factory.resolve(DoorAssembly.door)
            #expect(door.frame.door === door, "the frame receives the door once the door's initializer returned")
            #expect(door.frame.doorWasSetInHook, "the frame's afterInjections hook waits for the postponed injection")
        }
    }

    @Test(arguments: [Scope.objectGraph, .prototype, .lazySingleton, .weakSingleton])
    func aMixedCycleResolvesFromThePropertyEnd(scope: Scope) throws {
        for byMethod in [false, true] {
            let factory = try BlockComponentFactory(assemblies: [DoorAssembly(scope: scope, byMethod: byMethod)])
            let frame = try factory.resolve(DoorAssembly.frame)
            #expect(frame.door?.frame === frame)
            #expect(frame.doorWasSetInHook)
        }
    }

    @Test func aPrototypeBackReferenceReceivesTheInstanceOfItsOwnBranch() throws {
        let factory = try BlockComponentFactory(assemblies: [TreeAssembly()])
        let tree = try factory.resolve(TreeAssembly.tree)
        let left = try #require(tree.left)
        let right = try #require(tree.right)
        #expect(left !== right, "two references to a prototype are two instances")
        #expect(left.leaf?.branch === left)
        #expect(right.leaf?.branch === right)
        #expect(left.leaf !== right.leaf)
    }

    @Test func aPrototypeBackReferenceThroughAnInitializerIsPostponedOnItsOwnBranch() throws {
        let orchard = try BlockComponentFactory(assemblies: [OrchardAssembly()]).resolve(OrchardAssembly.orchard)
        let first = try #require(orchard.first)
        let second = try #require(orchard.second)
        #expect(first !== second)
        #expect(first.blossom.bough === first)
        #expect(second.blossom.bough === second)
        #expect(first.blossom !== second.blossom)
    }

    @Test func aMixedCycleThroughAValueIsAnInitializerCycleThatSaysWhy() throws {
        let factory = try BlockComponentFactory(assemblies: [ValueDoorAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(ValueDoorAssembly.door) }
        #expect(error?.kind == .initializerCycle)
        #expect(error?.description == """
            Cannot resolve ValueDoorAssembly.door(): initializer cycle
              ValueDoorAssembly.door() → ValueDoorAssembly.frame() → ValueDoorAssembly.door()
              While injecting property \\ValueFrame.door of ValueDoorAssembly.frame().
              ValueDoorAssembly.frame() is injected with ValueDoorAssembly.door() while ValueDoorAssembly.door()'s initializer is still running, and ValueDoorAssembly.frame() is a value,
              so the injection cannot be postponed until ValueDoorAssembly.door() exists. Make ValueDoorAssembly.frame() a class, or inject it into ValueDoorAssembly.door()
              by property or method instead of through ValueDoorAssembly.door()'s initializer.
            """)
    }

    @Test func aSharedMemberOfAnUnfinishedCycleIsNeverSeenByAnotherThread() throws {
        // A (lazySingleton) injects B, then a value that takes a while; B refers back to A. Until A's
        // injections are done, B belongs to an unfinished cycle: another thread asking for B must wait.
        let reachedB = DispatchSemaphore(value: 0)
        let otherThreadGotB = DispatchSemaphore(value: 0)
        let sawIncompleteA = Locked(false)
        let factory = try BlockComponentFactory(assemblies: [SlowRingAssembly(reachedB: reachedB, otherThreadGotB: otherThreadGotB)])
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            reachedB.wait()
            let b = try? factory.resolve(SlowRingAssembly.b)
            sawIncompleteA.withLock { $0 = b?.a?.finished != true }
            otherThreadGotB.signal()
        }
        let a = try factory.resolve(SlowRingAssembly.a)
        group.wait()
        #expect(a.finished)
        #expect(!sawIncompleteA.withLock { $0 }, "the other thread received B while A was still being injected")
    }
}

final class SlowA: @unchecked Sendable {
    var b: SlowB?
    var finished = false
}

final class SlowB: @unchecked Sendable {
    var a: SlowA?
}

final class SlowRingAssembly: Assembly {
    let reachedB: DispatchSemaphore
    let otherThreadGotB: DispatchSemaphore
    init(reachedB: DispatchSemaphore, otherThreadGotB: DispatchSemaphore) {
        self.reachedB = reachedB
        self.otherThreadGotB = otherThreadGotB
    }

    override var definitions: [any ComponentDefinition] { [a(), b()] }

    func a() -> Definition<SlowA> {
        let reachedB = reachedB
        let otherThreadGotB = otherThreadGotB
        return define {
            Definition(SlowA.init)
                .inject(\.b, b())
                .inject(\.finished, Injection.resolved { _ in
                    reachedB.signal()
                    // Correct behaviour: the other thread waits for A, so this times out and A finishes.
                    _ = otherThreadGotB.wait(timeout: .now() + .milliseconds(300))
                    return true
                })
                .scope(.lazySingleton)
        }
    }

    func b() -> Definition<SlowB> { define { Definition(SlowB.init).inject(\.a, a()).scope(.lazySingleton) } }
}
