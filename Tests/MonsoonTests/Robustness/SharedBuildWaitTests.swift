import Foundation
import Monsoon
import Testing

/// A captain and a lieutenant that know each other through properties, both lazySingletons: a correct
/// cycle that two threads may start from opposite ends.
// Unchecked: handed from the resolving threads to the test's thread once built, then only read.
final class Captain: @unchecked Sendable {
    var lieutenant: Lieutenant?
    init(log: BuildLog) {
        log.record("init Captain")
        Thread.sleep(forTimeInterval: 0.01)  // widens the window in which the other thread starts
    }
}

final class Lieutenant: @unchecked Sendable {
    var captain: Captain?
    init(log: BuildLog) {
        log.record("init Lieutenant")
        Thread.sleep(forTimeInterval: 0.01)
    }
}

final class ShipAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }
    override var definitions: [any ComponentDefinition] { [captain(), lieutenant()] }

    func captain() -> Definition<Captain> {
        define { Definition(Captain.init(log:), .value(log)).inject(\.lieutenant, lieutenant()).scope(.lazySingleton) }
    }
    func lieutenant() -> Definition<Lieutenant> {
        define { Definition(Lieutenant.init(log:), .value(log)).inject(\.captain, captain()).scope(.lazySingleton) }
    }
}

/// A component whose injection blocks until another thread has resolved the same component: a wait that
/// no claim can ever satisfy.
final class Beacon: Sendable {
    let factory: FactoryReference
    let otherThreadsError = Locked<ResolutionError?>(nil)
    init(factory: FactoryReference) { self.factory = factory }

    func waitForAnotherThreadToResolveMe() {
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { [factory, otherThreadsError] in
            do throws(ResolutionError) {
                _ = try factory.get().resolve(Beacon.self)
            } catch {
                otherThreadsError.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
    }
}

final class LighthouseAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [beacon()] }
    func beacon() -> Definition<Beacon> {
        define {
            Definition(Beacon.init(factory:), .factory())
                .injectMethod { beacon, _ in beacon.waitForAnotherThreadToResolveMe() }
                .scope(.lazySingleton)
        }
    }
}

@Suite("Waiting for shared builds")
struct SharedBuildWaitTests {
    @Test func twoThreadsStartingAPropertyCycleFromOppositeEndsBothGetTheOneCycle() throws {
        var failures: [ResolutionError] = []
        for _ in 0..<40 {
            let log = BuildLog()
            let factory = try BlockComponentFactory(assemblies: [ShipAssembly(log: log)])
            let captain = Locked<Captain?>(nil), lieutenant = Locked<Lieutenant?>(nil)
            let errors = Locked<[ResolutionError]>([])
            let finished = onThreads([
                {
                    do throws(ResolutionError) { let built = try factory.resolve(Captain.self); captain.withLock { $0 = built } }
                    catch { errors.withLock { $0.append(error) } }
                },
                {
                    do throws(ResolutionError) { let built = try factory.resolve(Lieutenant.self); lieutenant.withLock { $0 = built } }
                    catch { errors.withLock { $0.append(error) } }
                },
            ])
            #expect(finished, "the two resolutions deadlocked")
            failures += errors.withLock { $0 }
            if let captain = captain.withLock({ $0 }), let lieutenant = lieutenant.withLock({ $0 }) {
                #expect(captain.lieutenant === lieutenant)
                #expect(lieutenant.captain === captain)
            }
            #expect(log.count("init Captain") == 1)
            #expect(log.count("init Lieutenant") == 1)
        }
        #expect(failures.isEmpty, "\(failures.count) of 40 resolutions failed: \(failures.first.map(String.init(describing:)) ?? "")")
    }

    @Test func aWaitThatCanNeverEndBecomesATypedErrorAfterTheConfiguredTime() throws {
        let factory = try BlockComponentFactory(
            assemblies: [LighthouseAssembly()], sharedBuildWait: .milliseconds(300))
        let started = ContinuousClock.now
        let beacon = try factory.resolve(Beacon.self)
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        let error = try #require(beacon.otherThreadsError.withLock { $0 })
        #expect(error.kind == .sharedBuildTimedOut)
        #expect(error.description == """
            Cannot resolve LighthouseAssembly.beacon(): another thread has been building it for 0.3 seconds without finishing.
              Its initializer, or one it depends on, is probably waiting for work that resolves from this factory on another thread,
              which waits for it in turn. Resolve what that work needs before starting it, or inject a Provider and resolve later.
              The wait is the factory's sharedBuildWait (BlockComponentFactory(assemblies:sharedBuildWait:)).
            """)
        // The component the first thread built is the one everyone gets from now on.
        #expect(try factory.resolve(Beacon.self) === beacon)
    }

    @Test func validatingByBuildingADefinitionThatWaitsForItselfFinishes() throws {
        let factory = try BlockComponentFactory(
            assemblies: [LighthouseAssembly()], sharedBuildWait: .milliseconds(200))
        let report = Locked<ValidationReport?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = factory.validate(buildingOpaqueDefinitions: true)
            report.withLock { $0 = result }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 20) == .success, "validation hung")
        let findings = try #require(report.withLock { $0 }).findings.filter { $0.subject == "LighthouseAssembly.beacon()" }
        #expect(findings.map(\.message).contains("LighthouseAssembly.beacon() builds in a throwaway factory; it resolves nothing."),
                "\(findings)")
    }
}
