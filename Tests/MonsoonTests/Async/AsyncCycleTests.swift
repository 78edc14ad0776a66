import Monsoon
import Testing

/// The ring of CycleSemanticsTests with an async initializer in it: A opens asynchronously.
final class AsyncRingAssembly: Assembly {
    let log: BuildLog
    let scope: Scope
    init(log: BuildLog, scope: Scope) {
        self.log = log
        self.scope = scope
    }

    override var definitions: [any ComponentDefinition] { [a(), b(), c()] }

    func a() -> Definition<Ring> {
        define {
            ringMember(Definition({ (name: String) async in await Task.yield(); return Ring(name: name) }, .value("A")),
                       next: b(), log: log, scope: scope)
        }
    }
    func b() -> Definition<Ring> { define { ringMember(Definition(Ring.init(name:), .value("B")), next: c(), log: log, scope: scope) } }
    func c() -> Definition<Ring> { define { ringMember(Definition(Ring.init(name:), .value("C")), next: a(), log: log, scope: scope) } }
}

/// A frame that opens asynchronously, in the mixed cycle of DoorAssembly: the door's initializer needs
/// the frame, whose property needs the door.
final class AsyncDoorAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [door(), frame()] }
    func door() -> Definition<Door> { define { Definition(Door.init(frame:), frame()) } }
    func frame() -> Definition<DoorFrame> {
        define { Definition({ () async in DoorFrame() }).inject(\.door, door()) }
    }
}

/// Two async initializers that need each other: no order of construction exists.
final class AsyncDeadlockAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [first()] }
    func first() -> Definition<Door> { define { Definition({ (frame: DoorFrame) async in Door(frame: frame) }, second()) } }
    func second() -> Definition<DoorFrame> {
        define { Definition({ (_: Door) async in DoorFrame() }, first()) }
    }
}

@Suite struct AsyncCycleTests {
    let log = BuildLog()

    @Test(arguments: [Scope.objectGraph, .lazySingleton])
    func aPropertyCycleThroughAnAsyncInitializerClosesAndItsHooksWaitForTheWholeCycle(scope: Scope) async throws {
        let factory = try BlockComponentFactory(assemblies: [AsyncRingAssembly(log: log, scope: scope)])
        for start in [AsyncRingAssembly.a, AsyncRingAssembly.b, AsyncRingAssembly.c] {
            let ring = try await factory.resolve(start)
            #expect(ring.cycleIsComplete)
            #expect(ring.next?.next?.next === ring)
        }
        #expect(log.events.allSatisfy { $0.hasSuffix("complete=true") })
        #expect(log.events.count == (scope == .objectGraph ? 9 : 3))
    }

    @Test func aMixedCycleThroughAnAsyncInitializerPostponesTheInjectionAsASynchronousOneDoes() async throws {
        let factory = try BlockComponentFactory(assemblies: [AsyncDoorAssembly()])
        let door = try await factory.resolve(AsyncDoorAssembly.door)
        #expect(door.frame.door === door)
        let frame = try await factory.resolve(AsyncDoorAssembly.frame)
        #expect(frame.door?.frame === frame)
    }

    @Test func asyncInitializersThatNeedEachOtherAreAnInitializerCycle() async throws {
        let factory = try BlockComponentFactory(assemblies: [AsyncDeadlockAssembly()])
        let error = try await #require(throws: ResolutionError.self) { try await factory.resolve(AsyncDeadlockAssembly.first) }
        #expect(error.kind == .initializerCycle)
        #expect(error.path == ["AsyncDeadlockAssembly.first()", "AsyncDeadlockAssembly.second()", "AsyncDeadlockAssembly.first()"])
    }
}
