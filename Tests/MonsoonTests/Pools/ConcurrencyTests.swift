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
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var seen: Set<Int> = []
            for _ in 0..<10_000 {
                if let shared = try? factory.resolve(Shared.self) { seen.insert(shared.serial) } else { failures.add(1, ordering: .relaxed) }
            }
            serials.withLock { $0.formUnion(seen) }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
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
                define { Definition { resolver in Service(repository: try resolver.factory.get().resolve(Repository.self)) }.scope(.lazySingleton) }
            }
            func repository() -> Definition<Repository> {
                define { Definition(Repository.init(database:log:), database(), .value(log)).scope(.lazySingleton) }
            }
            func database() -> Definition<Database> { define { Definition(Database.init(log:), .value(log)).scope(.lazySingleton) } }
        }
        let factory = try BlockComponentFactory(assemblies: [LayeredAssembly(log: log)])
        let identities = Locked<Set<ObjectIdentifier>>([])
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                let service = index.isMultiple(of: 2) ? try factory.resolve(Service.self) : nil
                let repository = try factory.resolve(Repository.self)
                identities.withLock { set in
                    if let service { set.insert(ObjectIdentifier(service.repository)) }
                    set.insert(ObjectIdentifier(repository))
                }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
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
        let kinds = Locked<[ErrorKind]>([])
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

    @Test func lazySingletonsClaimedInOppositeOrdersOnTwoThreadsNeverConflict() throws {
        final class Pair {
            let first: Shared, second: Shared
            init(first: Shared, second: Shared) {
                self.first = first
                self.second = second
            }
        }
        final class OrderAssembly: Assembly {
            let log: BuildLog
            init(log: BuildLog) { self.log = log }
            override var definitions: [any ComponentDefinition] { [forward(), backward(), a(), b()] }
            func forward() -> Definition<Pair> { define { Definition(Pair.init(first:second:), a(), b()) } }
            func backward() -> Definition<Pair> { define { Definition(Pair.init(first:second:), b(), a()) } }
            func a() -> Definition<Shared> { define { Definition(Shared.init(log:), .value(log)).scope(.lazySingleton) } }
            func b() -> Definition<Shared> { define { Definition(Shared.init(log:), .value(log)).scope(.lazySingleton) } }
        }
        let failures = Atomic<Int>(0)
        for _ in 0..<300 {
            let log = BuildLog()
            let factory = try BlockComponentFactory(assemblies: [OrderAssembly(log: log)])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                do {
                    _ = index == 0 ? try factory.resolve(OrderAssembly.forward) : try factory.resolve(OrderAssembly.backward)
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            #expect(log.count("init Shared") == 2)
        }
        #expect(failures.load(ordering: .relaxed) == 0, "settled components are published at once, so no resolution waits on a finished one")
    }

    @Test func aComponentResolvingThroughAnotherFactoryJoinsItsOwnFactorysResolution() throws {
        final class Outer { let inner: Inner; init(inner: Inner) { self.inner = inner } }
        final class Inner { let shared: Shared; init(shared: Shared) { self.shared = shared } }
        final class Holder: @unchecked Sendable { var first: BlockComponentFactory? }
        final class FirstAssembly: Assembly {
            let log: BuildLog, second: Holder
            init(log: BuildLog, second: Holder) {
                self.log = log
                self.second = second
            }
            override var definitions: [any ComponentDefinition] { [outer(), shared()] }
            func outer() -> Definition<Outer> {
                let second = self.second
                return define {
                    Definition { resolver in
                        _ = try resolver.resolve(FirstAssembly.shared)  // claimed, not yet settled… or settled
                        return Outer(inner: try second.first?.resolve(Inner.self) ?? Inner(shared: Shared(log: BuildLog())))
                    }
                }
            }
            func shared() -> Definition<Shared> { define { Definition(Shared.init(log:), .value(log)).scope(.lazySingleton) } }
        }
        final class SecondAssembly: Assembly {
            let first: Holder
            init(first: Holder) { self.first = first }
            override var definitions: [any ComponentDefinition] { [inner()] }
            func inner() -> Definition<Inner> {
                let first = self.first
                // Resolves from the first factory while the first factory's resolution is running below.
                return define { Definition { _ in Inner(shared: try first.first?.resolve(Shared.self) ?? Shared(log: BuildLog())) } }
            }
        }
        let toSecond = Holder(), toFirst = Holder()
        let first = try BlockComponentFactory(assemblies: [FirstAssembly(log: log, second: toSecond)])
        let second = try BlockComponentFactory(assemblies: [SecondAssembly(first: toFirst)])
        toFirst.first = first
        toSecond.first = second
        let outer = try first.resolve(FirstAssembly.outer)
        #expect(outer.inner.shared === (try first.resolve(Shared.self)))
        #expect(log.count("init Shared") == 1)
    }
}
