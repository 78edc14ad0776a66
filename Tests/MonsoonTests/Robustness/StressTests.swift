import Foundation
import Monsoon
import Synchronization
import Testing

/// A harbor whose graph uses every scope: a singleton register, a lazySingleton harbor and harbormaster
/// in a property cycle, a weakSingleton buoy nobody holds, parameterized lazySingleton ships, an
/// objectGraph crew of one sailor, prototype cargo, and a pilot built by a closure through the resolver.
final class Register { init(log: BuildLog) { log.record("init Register") } }

final class Harbor {
    let register: Register
    var master: Harbormaster?
    init(register: Register, log: BuildLog) {
        self.register = register
        log.record("init Harbor")
    }
}

final class Harbormaster {
    var harbor: Harbor?
    init(log: BuildLog) { log.record("init Harbormaster") }
}

final class Buoy {}

final class Ship {
    let name: String
    var harbor: Harbor?
    init(name: String, log: BuildLog) {
        self.name = name
        log.record("init Ship \(name)")
    }
}

final class Sailor {}

final class Crew {
    let first: Sailor, second: Sailor
    init(first: Sailor, second: Sailor) {
        self.first = first
        self.second = second
    }
}

final class Cargo {}

final class Pilot {
    let harbor: Harbor
    init(harbor: Harbor) { self.harbor = harbor }
}

final class HarborAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] {
        [register(), harbor(), harbormaster(), buoy(), sailor(), crew(), cargo(), pilot()]
    }

    func register() -> Definition<Register> { define { Definition(Register.init(log:), .value(log)).scope(.singleton) } }
    func harbor() -> Definition<Harbor> {
        define { Definition(Harbor.init(register:log:), register(), .value(log)).inject(\.master, harbormaster()).scope(.lazySingleton) }
    }
    func harbormaster() -> Definition<Harbormaster> {
        define { Definition(Harbormaster.init(log:), .value(log)).inject(\.harbor, harbor()).scope(.lazySingleton) }
    }
    func buoy() -> Definition<Buoy> { define { Definition(Buoy.init).scope(.weakSingleton) } }
    func ship(named name: String) -> Definition<Ship> {
        define(arguments: name) { [self] in
            Definition(Ship.init(name:log:), .value(name), .value(log)).inject(\.harbor, harbor()).scope(.lazySingleton)
        }
    }
    func sailor() -> Definition<Sailor> { define { Definition(Sailor.init) } }
    func crew() -> Definition<Crew> { define { Definition(Crew.init(first:second:), sailor(), sailor()) } }
    func cargo() -> Definition<Cargo> { define { Definition(Cargo.init).scope(.prototype) } }
    func pilot() -> Definition<Pilot> {
        define { Definition { resolver in Pilot(harbor: try resolver.resolve(HarborAssembly.harbor)) } }
    }
}

@Suite("Stress")
struct StressTests {
    /// How long the threads run; a few seconds is enough for every interleaving the checks care about
    /// to occur many times, and keeps the ThreadSanitizer run bounded.
    static let duration: TimeInterval = 3

    @Test func eightThreadsMixingEveryScopeNeverFailAndBuildSharedComponentsOnce() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [HarborAssembly(log: log)])
        let problems = Locked<[String]>([])
        let harbors = Locked<Set<ObjectIdentifier>>([])
        let ships = Locked<[String: Set<ObjectIdentifier>]>([:])
        let operations = Atomic<Int>(0)
        let deadline = Date().addingTimeInterval(Self.duration)

        @Sendable func report(_ problem: String) { problems.withLock { $0.append(problem) } }

        let worker: @Sendable (Int) -> Void = { thread in
            var iteration = 0
            while Date() < deadline {
                iteration += 1
                do {
                    switch (iteration + thread) % 8 {
                    case 0:
                        let harbor = try factory.resolve(Harbor.self)
                        harbors.withLock { _ = $0.insert(ObjectIdentifier(harbor)) }
                        if harbor.master?.harbor !== harbor { report("the harbor's master knows another harbor") }
                    case 1:
                        let name = ["Argo", "Bounty", "Calypso"][iteration % 3]
                        let ship = try factory.resolve(HarborAssembly.ship(named:), name)
                        ships.withLock { _ = $0[name, default: []].insert(ObjectIdentifier(ship)) }
                        if ship.harbor?.master?.harbor !== ship.harbor { report("a ship's harbor is unfinished") }
                    case 2:
                        let crew = try factory.resolve(Crew.self)
                        if crew.first !== crew.second { report("one objectGraph resolution made two sailors") }
                    case 3:
                        if try factory.resolve(Cargo.self) === factory.resolve(Cargo.self) { report("a prototype was reused") }
                    case 4:
                        let pilot = try factory.resolve(Pilot.self)
                        if pilot.harbor.master?.harbor !== pilot.harbor { report("the pilot's harbor is unfinished") }
                    case 5:
                        let held = try factory.resolve(Buoy.self)
                        if try factory.resolve(Buoy.self) !== held { report("a held weakSingleton was rebuilt") }
                    case 6 where thread == 0:
                        let patch = try factory.patch(HarborAssembly.cargo) { Cargo() }
                        _ = try factory.resolve(Cargo.self)
                        patch.restore()
                    case 6:
                        _ = try factory.resolve(Register.self)
                    default:
                        // A factory of its own, used from this thread and released.
                        let ownLog = BuildLog()
                        let own = try BlockComponentFactory(assemblies: [HarborAssembly(log: ownLog)])
                        let harbor = try own.resolve(HarborAssembly.harbor)
                        if harbor.master?.harbor !== harbor || ownLog.count("init Harbor") != 1 { report("a fresh factory's cycle is wrong") }
                    }
                    operations.add(1, ordering: .relaxed)
                } catch {
                    report("\(error)")
                }
            }
        }
        let bodies: [@Sendable () -> Void] = (0..<8).map { thread in { worker(thread) } }
        let finished = onThreads(bodies, timeout: Self.duration + 60)
        #expect(finished, "the threads did not finish")

        #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { Array($0.prefix(3)) })")
        #expect(operations.load(ordering: .relaxed) > 100)
        #expect(harbors.withLock { $0.count } <= 1)
        #expect(log.count("init Register") == 1)
        #expect(log.count("init Harbor") == 1)
        #expect(log.count("init Harbormaster") == 1)
        for name in ["Argo", "Bounty", "Calypso"] {
            #expect(log.count("init Ship \(name)") <= 1)
            #expect(ships.withLock { $0[name, default: []].count } <= 1)
        }
    }
}
