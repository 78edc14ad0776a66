import Foundation
import Monsoon
import Synchronization
import Testing

/// A connection whose async initializer ignores cancellation: its build always completes, so that
/// cancellations land while it publishes.
final class PatientConnection: Sendable {
    let serial: Int
    init(log: BuildLog) async {
        log.record("connect")
        try? await Task.sleep(for: .milliseconds(1))
        serial = log.nextSerial()
    }
}

final class PatientConnectionAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] { [connection()] }

    func connection() -> Definition<PatientConnection> {
        define { Definition({ [log] in await PatientConnection(log: log) }).scope(.lazySingleton) }
    }
}

/// What one cancelled resolution ended with.
enum CancelledOutcome: Sendable, Equatable {
    case instance(ObjectIdentifier)
    case cancelled
    case other(String)

    /// The outcome of `resolve`.
    static func of(_ resolve: () async throws -> AnyObject) async -> CancelledOutcome {
        do {
            return .instance(ObjectIdentifier(try await resolve()))
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .other("\(error)")
        }
    }
}

/// Runs `body`, and stops the process with a message if it has not returned after `seconds`: a
/// deadlock of the cooperative pool would otherwise also stop the test runner's own time limit, and
/// CI would hang instead of failing.
func failingLoudlyIfHung(after seconds: Double, _ what: String, _ body: () async throws -> Void) async rethrows {
    let done = DispatchSemaphore(value: 0)
    let watchdog = Thread {
        if done.wait(timeout: .now() + seconds) == .timedOut {
            FileHandle.standardError.write(Data("\(what) did not finish within \(seconds) s: the tasks are deadlocked\n".utf8))
            abort()
        }
    }
    watchdog.start()
    defer { done.signal() }
    try await body()
}

@Suite struct AsyncCancellationTests {
    /// How long the race loops run: long enough to meet every interleaving of cancel and publish many
    /// times (the deadlock this guards against showed within two seconds), short enough for TSan.
    static let duration: TimeInterval = 3
    /// Rounds each loop runs at least, however long they take: in the full suite, tests that block
    /// cooperative threads can starve these tasks for seconds.
    static let minimumRounds = 20

    /// Whether a race loop that started at `start` should run another round.
    static func continues(since start: Date, rounds: Int) -> Bool {
        Date().timeIntervalSince(start) < duration || rounds < minimumRounds
    }

    /// Thirty-two tasks await one async lazySingleton and are all cancelled at a random moment, often
    /// while the build publishes. Each ends with the one instance or with `CancellationError`, never
    /// both cooperative threads blocked (which stopped every task of the process).
    @Test func cancellingWaitersAtRandomMomentsNeverDeadlocksAndEachGetsTheInstanceOrCancellation() async throws {
        try await failingLoudlyIfHung(after: Self.duration + 120, "the cancellation race loop") {
            let start = Date()
            var rounds = 0, cancelled = 0, served = 0
            while Self.continues(since: start, rounds: rounds) {
                rounds += 1
                let log = BuildLog()
                let factory = try BlockComponentFactory(assemblies: [PatientConnectionAssembly(log: log)])
                let tasks = (0..<32).map { _ in
                    Task { await CancelledOutcome.of { try await factory.resolve(PatientConnectionAssembly.connection) } }
                }
                try await Task.sleep(for: .microseconds(Int.random(in: 0...2_000)))
                for task in tasks { task.cancel() }
                var outcomes: [CancelledOutcome] = []
                for task in tasks { outcomes.append(await task.value) }

                let instances = Set(outcomes.compactMap { if case .instance(let id) = $0 { id } else { nil } })
                #expect(instances.count <= 1, "round \(rounds): two instances of one lazySingleton")
                let failures = outcomes.filter { if case .other = $0 { true } else { false } }
                #expect(failures.isEmpty, "round \(rounds): \(failures.prefix(2))")
                // The initializer ignores cancellation, so the component is built once and kept.
                let after = try await factory.resolve(PatientConnectionAssembly.connection)
                if let id = instances.first { #expect(ObjectIdentifier(after) == id) }
                #expect(log.count("connect") == 1, "round \(rounds): built \(log.count("connect")) times")
                cancelled += outcomes.count { $0 == .cancelled }
                served += instances.isEmpty ? 0 : outcomes.count { $0 != .cancelled }
            }
            #expect(cancelled > 0, "no waiter was ever cancelled: the race was not met")
            #expect(served > 0, "no waiter ever got the instance: the race was not met")
        }
    }
}

/// A slow synchronous lazySingleton, to keep threads waiting on the same coordinator as the tasks.
final class TallyBook: Sendable {
    init(log: BuildLog) {
        log.record("tally book")
        Thread.sleep(forTimeInterval: 0.000_5)
    }
}

/// An async lazySingleton whose initializer honours cancellation (its owner's cancellation fails the
/// build, and a waiter builds again) beside a synchronous one, in one factory.
final class CancellableStoreAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] { [connection(), tallyBook()] }

    func connection() -> Definition<SlowConnection> {
        define {
            Definition({ [log] in try await SlowConnection(log: log, delay: .microseconds(300), failures: Countdown(0)) })
                .scope(.lazySingleton)
        }
    }
    func tallyBook() -> Definition<TallyBook> { define { Definition(TallyBook.init(log:), .value(log)).scope(.lazySingleton) } }
}

extension AsyncCancellationTests {
    /// Tasks resolving an async lazySingleton are cancelled at random points while threads resolve a
    /// synchronous one of the same factory: every task ends with the one instance or
    /// `CancellationError`, every thread gets its component, and nothing hangs.
    @Test func tasksCancelledAtRandomPointsBesideBlockingThreadsNeverHangAndNeverSeeTwoInstances() async throws {
        try await failingLoudlyIfHung(after: Self.duration + 120, "the mixed cancellation stress") {
            let start = Date()
            var rounds = 0
            while Self.continues(since: start, rounds: rounds) {
                rounds += 1
                let log = BuildLog()
                let factory = try BlockComponentFactory(assemblies: [CancellableStoreAssembly(log: log)])
                let books = Locked<Set<ObjectIdentifier>>([])
                let threadErrors = Locked<[String]>([])
                let threads = Thread.detachedGroup(count: 2) {
                    do {
                        let book = try factory.resolve(CancellableStoreAssembly.tallyBook)
                        books.withLock { _ = $0.insert(ObjectIdentifier(book)) }
                    } catch {
                        threadErrors.withLock { $0.append("\(error)") }
                    }
                }
                let tasks = (0..<16).map { index in
                    Task { () -> CancelledOutcome in
                        if index.isMultiple(of: 4) { try? await Task.sleep(for: .microseconds(Int.random(in: 0...500))) }
                        return await CancelledOutcome.of { try await factory.resolve(CancellableStoreAssembly.connection) }
                    }
                }
                for task in tasks.shuffled() {
                    if Bool.random() { task.cancel() }
                    if Int.random(in: 0..<4) == 0 { await Task.yield() }
                }
                var outcomes: [CancelledOutcome] = []
                for task in tasks { outcomes.append(await task.value) }
                #expect(threads.wait(timeout: .now() + 30) == .success, "round \(rounds): a thread is still waiting")

                let failures = outcomes.filter { if case .other = $0 { true } else { false } }
                #expect(failures.isEmpty, "round \(rounds): \(failures.prefix(2))")
                #expect(Set(outcomes.compactMap { if case .instance(let id) = $0 { id } else { nil } }).count <= 1)
                #expect(threadErrors.withLock { $0 }.isEmpty, "round \(rounds): \(threadErrors.withLock { $0.prefix(2) })")
                #expect(books.withLock { $0.count } == 1)
                #expect(log.count("tally book") == 1)
            }
        }
    }

    /// A cancelled task never starts waiting: another task's build in progress (held until the test
    /// opens its gate) ends its resolution with `CancellationError` at once, and that build completes
    /// for everyone else. Were it to wait, it would wait for the gate, and the watchdog would stop it.
    @Test func aTaskCancelledBeforeItAsksForABuildInProgressGetsCancellationAtOnce() async throws {
        let log = BuildLog()
        let gate = Gate()
        let factory = try BlockComponentFactory(assemblies: [GatedConnectionAssembly(log: log, gate: gate)])
        try await failingLoudlyIfHung(after: 60, "a cancelled task waiting for a build") {
            let builder = Task { try await factory.resolve(GatedConnectionAssembly.connection) }
            while log.count("connect") == 0 { await Task.yield() }
            let cancelled = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await factory.resolve(GatedConnectionAssembly.connection)
            }
            await #expect(throws: CancellationError.self) { try await cancelled.value }
            gate.open()
            let built = try await builder.value
            #expect(try await factory.resolve(GatedConnectionAssembly.connection) === built)
            #expect(log.count("connect") == 1)
        }
    }
}

/// Holds async code until `open()` is called.
final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

final class GatedConnection: Sendable {
    init(log: BuildLog, gate: Gate) async {
        log.record("connect")
        await gate.wait()
    }
}

final class GatedConnectionAssembly: Assembly {
    let log: BuildLog
    let gate: Gate
    init(log: BuildLog, gate: Gate) {
        self.log = log
        self.gate = gate
    }

    override var definitions: [any ComponentDefinition] { [connection()] }

    func connection() -> Definition<GatedConnection> {
        define { Definition({ [log, gate] in await GatedConnection(log: log, gate: gate) }).scope(.lazySingleton) }
    }
}

extension Thread {
    /// Starts `count` threads running `body`; the group is left when each returns.
    static func detachedGroup(count: Int, _ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        for _ in 0..<count {
            group.enter()
            Thread {
                body()
                group.leave()
            }.start()
        }
        return group
    }
}
