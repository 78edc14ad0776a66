import Foundation
import Monsoon
import Synchronization
import Testing

/// A slow async singleton: its initializer sleeps, so that every other task asks while it is built.
final class SlowConnection: Sendable {
    let serial: Int
    init(log: BuildLog, delay: Duration, failures: Countdown) async throws {
        log.record("connect")
        try await Task.sleep(for: delay)
        if failures.take() { throw ConnectionRefused() }
        serial = log.nextSerial()
    }
}

/// How many more times something should fail.
final class Countdown: Sendable {
    private let remaining: Atomic<Int>
    init(_ count: Int) { remaining = Atomic(count) }

    /// Whether one is left, using it up.
    func take() -> Bool {
        remaining.subtract(1, ordering: .relaxed).oldValue > 0
    }
}

struct ConnectionRefused: Error, CustomStringConvertible {
    var description: String { "connection refused" }
}

final class ConnectionAssembly: Assembly {
    let log: BuildLog
    let delay: Duration
    let failures: Countdown

    init(log: BuildLog, delay: Duration = .milliseconds(100), failingFirst failures: Int = 0) {
        self.log = log
        self.delay = delay
        self.failures = Countdown(failures)
    }

    override var definitions: [any ComponentDefinition] { [connection()] }

    func connection() -> Definition<SlowConnection> {
        define {
            Definition({ [log, delay, failures] in try await SlowConnection(log: log, delay: delay, failures: failures) })
                .scope(.lazySingleton)
        }
    }
}

@Suite struct AsyncSharedBuildTests {
    let log = BuildLog()

    /// The initializer sleeps on the cooperative pool while 999 tasks ask: were they blocking threads,
    /// the pool (one thread per core) would have none left to finish the sleep, and this would hang.
    @Test(.timeLimit(.minutes(1)))
    func aThousandTasksGetOneInstanceBuiltOnceAndWaitWithoutBlockingThreads() async throws {
        let factory = try BlockComponentFactory(assemblies: [ConnectionAssembly(log: log)])
        let serials = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 { group.addTask { try await factory.resolve(SlowConnection.self).serial } }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(serials.count == 1)
        #expect(log.count("connect") == 1)
    }

    @Test func aFailedBuildIsNotKeptAndTheNextResolutionBuildsAgain() async throws {
        let factory = try BlockComponentFactory(assemblies: [ConnectionAssembly(log: log, delay: .zero, failingFirst: 1)])
        let error = try await #require(throws: ResolutionError.self) { try await factory.resolve(ConnectionAssembly.connection) }
        #expect(error.kind == .componentFailed)
        #expect(error.underlyingError is ConnectionRefused)
        let connection = try await factory.resolve(ConnectionAssembly.connection)
        #expect(try await factory.resolve(SlowConnection.self) === connection)
        #expect(log.count("connect") == 2)
    }

    @Test func waitersOfAFailedBuildTryAgainAndOneOfThemBuilds() async throws {
        let factory = try BlockComponentFactory(assemblies: [ConnectionAssembly(log: log, delay: .milliseconds(50), failingFirst: 1)])
        let outcomes = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<20 { group.addTask { try? await factory.resolve(SlowConnection.self).serial } }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        let built = Set(outcomes.compactMap { $0 })
        #expect(built.count == 1, "every success is the one instance")
        #expect(outcomes.filter { $0 == nil }.count == 1, "only the failed build's own caller sees its error")
        #expect(log.count("connect") == 2)
    }

    /// The build is held by a gate, not a delay: on a loaded machine a timed build could end before the
    /// waiter is cancelled.
    @Test func aCancelledWaiterGetsCancellationErrorWhileTheBuildGoesOnForTheOthers() async throws {
        let gate = Gate()
        let factory = try BlockComponentFactory(assemblies: [GatedConnectionAssembly(log: log, gate: gate)])
        try await failingLoudlyIfHung(after: 60, "a cancelled waiter") {
            let builder = Task { try await factory.resolve(GatedConnectionAssembly.connection) }
            while log.count("connect") == 0 { try await Task.sleep(for: .milliseconds(5)) }
            let waiter = Task { try await factory.resolve(GatedConnectionAssembly.connection) }
            try await Task.sleep(for: .milliseconds(50))
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
            gate.open()
            let built = try await builder.value
            #expect(try await factory.resolve(GatedConnectionAssembly.connection) === built)
            #expect(log.count("connect") == 1)
        }
    }

    @Test func aTaskCancelledBeforeItAsksStillGetsAPublishedComponent() async throws {
        let factory = try BlockComponentFactory(assemblies: [ConnectionAssembly(log: log, delay: .zero)])
        let built = try await factory.resolve(SlowConnection.self)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await factory.resolve(SlowConnection.self)
        }
        #expect(try await cancelled.value === built)
    }
}
