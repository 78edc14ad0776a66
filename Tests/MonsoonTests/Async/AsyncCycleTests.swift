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
        let log = log
        return define {
            Definition({ (name: String) async in await Task.yield(); return Ring(name: name) }, .value("A"))
                .inject(\.next, b())
                .afterInjections { ring in log.record("hook \(ring.name) complete=\(ring.cycleIsComplete)") }
                .scope(scope)
        }
    }
    func b() -> Definition<Ring> { define { member("B", next: c()) } }
    func c() -> Definition<Ring> { define { member("C", next: a()) } }

    private func member(_ name: String, next: Definition<Ring>) -> Definition<Ring> {
        let log = log
        return Definition(Ring.init(name:), .value(name))
            .inject(\.next, next)
            .afterInjections { ring in log.record("hook \(ring.name) complete=\(ring.cycleIsComplete)") }
            .scope(scope)
    }
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
