import Dispatch
import Foundation
import Monsoon
import Synchronization
import Testing

extension Scope {
    static let stableCache = Scope("stableCache")
    static let paddock = Scope("paddock", holding: .weakly)
    static let readyStable = Scope("readyStable", eager: true)
}

private final class Feed: Sendable {
    let serial: Int
    init(log: BuildLog) {
        serial = log.nextSerial()
        log.record("init Feed")
    }
}

private final class Trough: Sendable {
    let feed: Feed
    init(feed: Feed) { self.feed = feed }
}

/// Built by an `async` initializer: only an awaited resolution builds it.
private final class Stall: Sendable {
    init() async { await Task.yield() }
}

extension BlockComponentFactory {
    /// The synchronous `resolve`, from async code (where the compiler picks the awaited overload).
    fileprivate func resolveSynchronously<T>(_ method: (FeedAssembly) -> () -> Definition<T>) throws(ResolutionError) -> T {
        try resolve(method)
    }
}

private final class FeedAssembly: Assembly {
    let log: BuildLog
    /// Held while `slowFeed`'s initializer runs, until the test lets it finish.
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let factory = Locked<BlockComponentFactory?>(nil)
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] {
        [feed(), pastureFeed(), readyFeed(), trough(), slowFeed(), resettingFeed(), stall()]
    }

    func stall() -> Definition<Stall> { define(.stableCache) { Definition(Stall.init) } }

    func feed() -> Definition<Feed> { define(.stableCache) { [log] in Definition(Feed.init(log:), .value(log)) } }
    func pastureFeed() -> Definition<Feed> { define(.paddock) { [log] in Definition(Feed.init(log:), .value(log)) } }
    func readyFeed() -> Definition<Feed> { define(.readyStable) { [log] in Definition(Feed.init(log:), .value(log)) } }
    /// A lifetime component holding a resettable one: what validation warns about.
    func trough() -> Definition<Trough> { define(.lazySingleton) { [self] in Definition(Trough.init(feed:), feed()) } }
    func slowFeed() -> Definition<Feed> {
        define(.stableCache) { [started, gate, log] in
            Definition { _ in
                started.signal()
                gate.wait()
                return Feed(log: log)
            }
        }
    }
    func resettingFeed() -> Definition<Feed> {
        define(.prototype) { [factory, log] in
            Definition { _ in
                do throws(ScopeResetError) {
                    try factory.withLock { $0 }?.reset(.stableCache)
                    log.record("reset inside a build")
                } catch {
                    log.record("\(error.kind): \(error)")
                }
                return Feed(log: log)
            }
        }
    }
}

@Suite("Scopes of one's own")
struct CustomScopeTests {
    @Test func aScopeIsNamedAndEqualToAnotherDeclaredAlike() {
        #expect(Scope("stableCache") == .stableCache)
        #expect(Scope("stableCache", holding: .weakly) != .stableCache)
        #expect(Scope("lazySingleton") != .lazySingleton, "a scope of one's own named like a built-in one is still one's own")
        #expect(Scope.stableCache.name == "stableCache")
        #expect("\(Scope.paddock)" == "paddock")
        let builtIn: [Scope] = [.objectGraph, .prototype, .singleton, .lazySingleton, .weakSingleton]
        #expect(builtIn.map(\.name) == ["objectGraph", "prototype", "singleton", "lazySingleton", "weakSingleton"])
        #expect(Set(builtIn).count == 5 && !builtIn.contains(.stableCache), "each built-in scope is its own, and none is one of one's own")
    }

    @Test func aScopeSharesOneInstancePerFactoryUntilResetReleasesIt() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: log)])
        let first = try factory.resolve(FeedAssembly.feed)
        #expect(try factory.resolve(FeedAssembly.feed) === first)
        #expect(try factory.resolve(FeedAssembly.trough).feed === first)
        weak let released = first
        try factory.reset(.stableCache)
        #expect(released != nil, "what was handed out stays with whoever holds it")
        let second = try factory.resolve(FeedAssembly.feed)
        #expect(second !== first)
        #expect(try factory.resolve(FeedAssembly.feed) === second)
        #expect(log.count("init Feed") == 3, "the eager readyFeed, then feed before and after the reset")
    }

    @Test func resetReallyReleasesWhatNothingElseHolds() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: log)])
        weak var released: Feed?
        do {
            released = try factory.resolve(FeedAssembly.feed)
            #expect(released != nil)
        }
        #expect(released != nil, "the factory's pool keeps it")
        try factory.reset(.stableCache)
        #expect(released == nil)
    }

    @Test func aWeaklyHeldScopeSharesWhileHeldAndResetDropsItEvenThen() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: log)])
        let held = try factory.resolve(FeedAssembly.pastureFeed)
        #expect(try factory.resolve(FeedAssembly.pastureFeed) === held)
        try factory.reset(.paddock)
        #expect(try factory.resolve(FeedAssembly.pastureFeed) !== held)
    }

    @Test func anEagerScopeIsBuiltAtActivationAndAgainOnlyWhenNeededAfterAReset() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: log)])
        #expect(log.count("init Feed") == 1)
        let ready = try factory.resolve(FeedAssembly.readyFeed)
        #expect(log.count("init Feed") == 1)
        try factory.reset(.readyStable)
        #expect(log.count("init Feed") == 1)
        #expect(try factory.resolve(FeedAssembly.readyFeed) !== ready)
        #expect(log.count("init Feed") == 2)
    }

    @Test func builtInScopesCannotBeReset() throws {
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: BuildLog())])
        let lifetime = try #require(throws: ScopeResetError.self) { try factory.reset(.lazySingleton) }
        #expect(lifetime.kind == .scopeNotResettable)
        #expect(lifetime.description == """
            Cannot reset lazySingleton: the built-in lazySingleton scope keeps what it pools for the factory's lifetime.
              Declare a scope of your own (static let cache = Scope("cache")), define the components in it, and reset that; or make a new factory.
            """)
        let perResolution = try #require(throws: ScopeResetError.self) { try factory.reset(.objectGraph) }
        #expect(perResolution.description.hasPrefix("Cannot reset objectGraph: objectGraph components live no longer than a resolution"))
    }

    @Test func resettingFromInsideABuildIsRefused() throws {
        let log = BuildLog()
        let assembly = FeedAssembly(log: log)
        let factory = try BlockComponentFactory(assemblies: [assembly])
        assembly.factory.withLock { $0 = factory }
        _ = try factory.resolve(FeedAssembly.resettingFeed)
        #expect(log.events.contains("""
            resetDuringResolution: Cannot reset stableCache: it was called while a component was being built on this thread.
              Reset outside any initializer or hook: a resolution may be building from the pools being emptied.
            """))
        #expect(!log.events.contains("reset inside a build"))
        assembly.factory.withLock { $0 = nil }
    }

    @Test func aResetDuringABuildDoesNotWaitAndDoesNotPoolWhatTheBuildMakes() throws {
        let log = BuildLog()
        let assembly = FeedAssembly(log: log)
        let factory = try BlockComponentFactory(assemblies: [assembly])
        // A thread of its own: the build blocks, which a task must not.
        let built = Locked<Feed?>(nil)
        let work = DispatchGroup()
        DispatchQueue.global().async(group: work) {
            let feed = try? factory.resolve(FeedAssembly.slowFeed)
            built.withLock { $0 = feed }
        }
        assembly.started.wait()
        try factory.reset(.stableCache)
        #expect(built.withLock { $0 } == nil, "the reset returned while the build was still running")
        assembly.gate.signal()
        work.wait()
        let first = try #require(built.withLock { $0 }, "the resolution that was building keeps what it built")
        assembly.gate.signal()  // for the build after the reset
        let second = try factory.resolve(FeedAssembly.slowFeed)
        #expect(second !== first, "what was built across the reset is not pooled")
        #expect(try factory.resolve(FeedAssembly.slowFeed) === second, "what is built after it is")
    }

    @Test func aBuiltAsyncComponentOfAScopeOfOnesOwnResolvesWithoutAwaiting() async throws {
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: BuildLog())])
        #expect(throws: ResolutionError.self) { try factory.resolveSynchronously(FeedAssembly.stall) }
        let stall = try await factory.resolve(FeedAssembly.stall)
        #expect(try factory.resolveSynchronously(FeedAssembly.stall) === stall)
        try factory.reset(.stableCache)
        let refused = #expect(throws: ResolutionError.self) { try factory.resolveSynchronously(FeedAssembly.stall) }
        #expect(refused?.kind == .asyncRequired, "emptied, it must be awaited again")
    }

    @Test func eightThreadsResolvingWhileAnotherResetsGetWholeComponents() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: log)])
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 9) { worker in
            if worker == 8 {
                for _ in 0..<50 where (try? factory.reset(.stableCache)) == nil { failures.add(1, ordering: .relaxed) }
                return
            }
            for _ in 0..<200 {
                guard let feed = try? factory.resolve(FeedAssembly.feed), feed.serial > 0 else {
                    failures.add(1, ordering: .relaxed)
                    continue
                }
            }
        }
        let failed = failures.load(ordering: .relaxed)
        #expect(failed == 0)
        #expect(log.count("init Feed") >= 2)
    }

    @Test func validationWarnsOfALifetimeComponentHoldingAResettableOne() throws {
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: BuildLog())])
        let captive = factory.validate().findings.filter { $0.kind == .captiveDependency }
        #expect(captive.map(\.message) == [
            "FeedAssembly.trough() (lazySingleton) holds FeedAssembly.feed() (stableCache) through init #0: the lazySingleton keeps one Feed "
                + "for the factory's lifetime. Inject a Provider to get a fresh one when needed, or widen FeedAssembly.feed()'s scope."
        ])
    }

    @Test func theActivationReportNamesTheScope() throws {
        let factory = try BlockComponentFactory(assemblies: [FeedAssembly(log: BuildLog())])
        #expect(factory.definitions.first { $0.key == "FeedAssembly.feed()" }?.scope == .stableCache)
        #expect(factory.activationReport.description.contains("stableCache"))
    }
}
