import Dispatch
import Monsoon
import Synchronization
import Testing

@Suite(.serialized) struct DefaultFactoryTests {
    @Test func theDefaultFactoryIsReachableFromAnyThread() throws {
        let factory = try BlockComponentFactory(assemblies: [DiamondAssembly(log: BuildLog(), sharedScope: .lazySingleton)])
        factory.makeDefault()
        defer { BlockComponentFactory.clearDefault() }
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1_000 where (try? BlockComponentFactory.requireDefault()) !== factory {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    @Test func withoutADefaultFactoryRequireDefaultThrows() {
        BlockComponentFactory.clearDefault()
        #expect(BlockComponentFactory.defaultFactory == nil)
        let error = #expect(throws: ResolutionError.self) { try BlockComponentFactory.requireDefault() }
        #expect(error?.kind == .noDefaultFactory)
        #expect(error?.description == Self.noDefault(reader: "BlockComponentFactory.requireDefault()", passing: "pass the factory in"))
    }

    /// The message of a read of the default factory when there is none, from `reader`.
    static func noDefault(reader: String, passing: String) -> String {
        """
        Cannot resolve the default factory for \(reader): no factory is the default, neither this task's nor the process's.
          Call makeDefault() on the factory the app activates at startup, or run this code inside withDefaultFactory(factory) { … }.
          A task's default factory (withDefaultFactory) is inherited by the tasks it creates with Task { }, async let and task groups, \
        but not by Task.detached nor by other threads (DispatchQueue, Thread): \(passing), or call withDefaultFactory inside the detached task.
        """
    }

    @Test func aDetachedTaskIsToldThatItDoesNotInheritTheDefaultFactoryOfTheTaskThatMadeIt() async throws {
        BlockComponentFactory.clearDefault()
        let own = try BlockComponentFactory(assemblies: [DiamondAssembly(log: BuildLog(), sharedScope: .lazySingleton)])
        let error = await withDefaultFactory(own) { () async -> ResolutionError? in
            await Task.detached { () -> ResolutionError? in
                do throws(ResolutionError) {
                    _ = try BlockComponentFactory.requireDefault()
                    return nil
                } catch {
                    return error
                }
            }.value
        }
        #expect(error?.kind == .noDefaultFactory)
        #expect(error?.description == Self.noDefault(reader: "BlockComponentFactory.requireDefault()", passing: "pass the factory in"))
    }
}
