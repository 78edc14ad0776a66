import Dispatch
import Foundation
import Monsoon
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    let log = BuildLog()

    @Test func aLazySingletonIsBuiltOnceUnderContention() throws {
        let factory = try BlockComponentFactory(assemblies: [DiamondAssembly(log: log, sharedScope: .lazySingleton)])
        let serials = Locked<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var seen: Set<Int> = []
            for _ in 0..<10_000 {
                if let shared = try? factory.resolve(Shared.self) { seen.insert(shared.serial) }
            }
            serials.withLock { $0.formUnion(seen) }
        }
        #expect(log.count("init Shared") == 1)
        #expect(serials.withLock { $0.count } == 1)
    }

    @Test func concurrentResolutionsNeverShareAnObjectGraph() throws {
        let factory = try BlockComponentFactory(assemblies: [DiamondAssembly(log: log, sharedScope: .objectGraph)])
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2_000 {
                guard let top = try? factory.resolve(DiamondAssembly.top), top.left.shared === top.right.shared else {
                    failures.add(1, ordering: .relaxed)
                    continue
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(log.count("init Shared") == 16_000, "one Shared per resolution, never one seen by two")
    }

    @Test func weakSingletonsStayConsistentUnderContention() throws {
        let factory = try BlockComponentFactory(assemblies: [DiamondAssembly(log: log, sharedScope: .weakSingleton)])
        let held = try factory.resolve(Shared.self)
        let heldIdentity = ObjectIdentifier(held)
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<5_000 where (try? factory.resolve(Shared.self)).map(ObjectIdentifier.init) != heldIdentity {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        withExtendedLifetime(held) {}
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(log.count("init Shared") == 1)
    }

    @Test func initializersResolvingOtherLazySingletonsOnManyThreadsDoNotDeadlock() throws {
        final class Database { init(log: BuildLog) { log.record("init Database") } }
        final class Repository {
            let database: Database
            init(database: Database, log: BuildLog) {
                self.database = database
                log.record("init Repository")
            }
        }
        final class Service {
            let repository: Repository
            init(repository: Repository) { self.repository = repository }
        }
        final class LayeredAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [service(), repository(), database()] }
            func service() -> Definition<Service> {
                // Resolves through the factory from inside an initializer, on every thread at once.
                define { Definition { resolver in Service(repository: try resolver.factory.resolve(Repository.self)) }.scope(.lazySingleton) }
            }
            func repository() -> Definition<Repository> {
                define { Definition(Repository.init(database:log:), database(), .value(log)).scope(.lazySingleton) }
            }
            func database() -> Definition<Database> { define { Definition(Database.init(log:), .value(log)).scope(.lazySingleton) } }
        }
        let factory = try BlockComponentFactory(assemblies: [LayeredAssembly(log: log)])
        let identities = Locked<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let service = index.isMultiple(of: 2) ? try? factory.resolve(Service.self) : nil
            let repository = try? factory.resolve(Repository.self)
            identities.withLock { set in
                if let service { set.insert(ObjectIdentifier(service.repository)) }
                if let repository { set.insert(ObjectIdentifier(repository)) }
            }
        }
        #expect(identities.withLock { $0.count } == 1)
        #expect(log.count("init Repository") == 1)
        #expect(log.count("init Database") == 1)
    }

    @Test func sharedComponentsWaitingOnEachOtherAcrossThreadsThrowInsteadOfDeadlocking() throws {
        final class Gate: Sendable {
            let firstArrived = DispatchSemaphore(value: 0)
            let secondArrived = DispatchSemaphore(value: 0)
            let isFirstVisit = Atomic<Bool>(true)
        }
        final class North { init(south: South) {} }
        final class South { init(north: North) {} }
        final class CrossAssembly: Assembly {
            let gate: Gate
            init(gate: Gate) { self.gate = gate }
            override var definitions: [any ComponentDefinition] { [north(), south()] }
            func north() -> Definition<North> {
                let gate = self.gate
                return define {
                    Definition { resolver in
                        if gate.isFirstVisit.exchange(false, ordering: .relaxed) {
                            gate.firstArrived.signal()
                            gate.secondArrived.wait()  // South is now claimed by the other thread
                        }
                        return North(south: try resolver.resolve(CrossAssembly.south))
                    }.scope(.lazySingleton)
                }
            }
            func south() -> Definition<South> {
                let gate = self.gate
                return define {
                    Definition { resolver in
                        gate.secondArrived.signal()
                        return South(north: try resolver.resolve(CrossAssembly.north))
                    }.scope(.lazySingleton)
                }
            }
        }
        let gate = Gate()
        let factory = try BlockComponentFactory(assemblies: [CrossAssembly(gate: gate)])
        let kinds = Locked<[ResolutionError.Kind]>([])
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            do throws(ResolutionError) { _ = try factory.resolve(North.self) } catch { kinds.withLock { $0.append(error.kind) } }
        }
        DispatchQueue.global().async(group: group) {
            gate.firstArrived.wait()
            do throws(ResolutionError) { _ = try factory.resolve(South.self) } catch { kinds.withLock { $0.append(error.kind) } }
        }
        #expect(group.wait(timeout: .now() + 30) == .success, "the two resolutions deadlocked")
        // One side detects the wait cycle; the other then finds a plain initializer cycle of its own.
        #expect(Set(kinds.withLock { $0 }) == [.concurrentCycle, .initializerCycle])
    }
}
