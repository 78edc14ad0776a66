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
        #expect(error?.description == """
            Cannot resolve the default factory: no factory has been made the default.
              Call makeDefault() on the factory the app activates at startup.
            """)
    }
}
