import Monsoon
import Synchronization
import Testing

/// Holds each build that arrives until `expected` builds are inside at once (or it is opened, or its
/// patience runs out): builds that are made one after another never fill it, builds made at once do.
final class StartGate: Sendable {
    private let expected: Atomic<Int>
    private let arrived = Atomic<Int>(0)
    private let patience: Duration

    init(expected: Int, patience: Duration = .seconds(1)) {
        self.expected = Atomic(expected)
        self.patience = patience
    }

    func arrive() async throws {
        arrived.add(1, ordering: .sequentiallyConsistent)
        let deadline = ContinuousClock.now + patience
        while arrived.load(ordering: .sequentiallyConsistent) < expected.load(ordering: .sequentiallyConsistent), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Lets every build through from now on.
    func open() { expected.store(0, ordering: .sequentiallyConsistent) }
}

/// A service that warms up asynchronously, logging when its build starts and ends.
final class Warmup: Sendable {
    let name: String

    init(name: String, gate: StartGate, log: BuildLog) async throws {
        log.record("start \(name)")
        try await gate.arrive()
        log.record("end \(name)")
        self.name = name
    }
}

/// Needs two warmed-up services, and warms up itself.
final class StartDashboard: Sendable {
    let first: Warmup
    let second: Warmup

    init(first: Warmup, second: Warmup, log: BuildLog) async {
        log.record("start dashboard")
        await Task.yield()
        log.record("end dashboard")
        self.first = first
        self.second = second
    }
}

/// Eight independent eager singletons that await, and one that injects two of them, listed first so
/// that a start in registration order reaches it before the others.
final class ParallelStartAssembly: Assembly {
    let log: BuildLog
    let gate: StartGate
    init(log: BuildLog, gate: StartGate) {
        self.log = log
        self.gate = gate
    }

    override var definitions: [any ComponentDefinition] { [dashboard(), w0(), w1(), w2(), w3(), w4(), w5(), w6(), w7()] }

    func dashboard() -> Definition<StartDashboard> {
        define { Definition(StartDashboard.init(first:second:log:), w0(), w1(), .value(log)).scope(.singleton) }
    }
    func w0() -> Definition<Warmup> { warmup("w0") }
    func w1() -> Definition<Warmup> { warmup("w1") }
    func w2() -> Definition<Warmup> { warmup("w2") }
    func w3() -> Definition<Warmup> { warmup("w3") }
    func w4() -> Definition<Warmup> { warmup("w4") }
    func w5() -> Definition<Warmup> { warmup("w5") }
    func w6() -> Definition<Warmup> { warmup("w6") }
    func w7() -> Definition<Warmup> { warmup("w7") }

    /// Forwards the caller's position too: it is part of each definition's identity.
    private func warmup(
        _ name: String, function: StaticString = #function, line: UInt = #line, column: UInt = #column
    ) -> Definition<Warmup> {
        define(function: function, line: line, column: column) { Definition(Warmup.init(name:gate:log:), .value(name), .value(gate), .value(log)).scope(.singleton) }
    }
}

@Suite struct ParallelStartTests {
    let log = BuildLog()
    static let warmups = (0..<8).map { "w\($0)" }

    /// The position of `event` in the log.
    private func position(_ event: String) throws -> Int {
        try #require(log.events.firstIndex(of: event), "\(event) is not in the log: \(log.events)")
    }

    @Test func independentSingletonsAreBuiltAtOnceAndADependentAfterWhatItInjects() async throws {
        let factory = try BlockComponentFactory(assemblies: [ParallelStartAssembly(log: log, gate: StartGate(expected: 8))])
        try await factory.start()
        // Every independent build started before any of them ended: all eight were under way together.
        let firstEnd = try Self.warmups.map { try position("end \($0)") }.min() ?? 0
        for name in Self.warmups {
            #expect(log.count("start \(name)") == 1)
            #expect(try position("start \(name)") < firstEnd, "\(name) started after another build had ended: \(log.events)")
        }
        #expect(log.count("start dashboard") == 1)
        #expect(try position("start dashboard") > position("end w0"))
        #expect(try position("start dashboard") > position("end w1"))
        #expect(factory.activationReport.awaitingStart.isEmpty)
        #expect(factory.activationReport.singletons.count == 9)
    }

    @Test func racingStartsAndFirstResolutionsBuildEachSingletonOnce() async throws {
        let factory = try BlockComponentFactory(assemblies: [ParallelStartAssembly(log: log, gate: StartGate(expected: 8))])
        let log = self.log
        let keys = ["dashboard"] + Self.warmups
        async let first: Void = factory.start()
        async let second: Void = factory.start()
        let resolved = try await withThrowingTaskGroup(of: (String, ObjectIdentifier).self) { group in
            for _ in 0..<3 {
                for key in keys {
                    group.addTask {
                        if key == "dashboard" {
                            let dashboard = try await factory.resolve(key: "ParallelStartAssembly.dashboard()", as: StartDashboard.self)
                            log.record("got dashboard")
                            return (key, ObjectIdentifier(dashboard))
                        }
                        let warmup = try await factory.resolve(key: "ParallelStartAssembly.\(key)()", as: Warmup.self)
                        log.record("got \(key)")
                        return (key, ObjectIdentifier(warmup))
                    }
                }
            }
            var resolved: [String: Set<ObjectIdentifier>] = [:]
            for try await (key, instance) in group { resolved[key, default: []].insert(instance) }
            return resolved
        }
        try await first
        try await second
        for key in keys {
            #expect(log.count("start \(key)") == 1, "\(key) was built \(log.count("start \(key)")) times")
            #expect(resolved[key]?.count == 1, "every caller gets the one \(key)")
            // None is handed out before its build ended.
            let handedOut = log.events.enumerated().filter { $0.element == "got \(key)" }.map(\.offset)
            #expect(try handedOut.allSatisfy { $0 > (try position("end \(key)")) })
        }
        let reported = factory.activationReport.singletons.map(\.key)
        #expect(reported.count == Set(reported).count, "each singleton is reported once: \(reported)")
    }

    @Test func cancellingStartEndsItAndLeavesNothingClaimed() async throws {
        let gate = StartGate(expected: 100, patience: .seconds(10))
        let factory = try BlockComponentFactory(assemblies: [ParallelStartAssembly(log: log, gate: gate)])
        let start = Task { try await factory.start() }
        while log.events.count(where: { $0.hasPrefix("start w") }) < 2 { try await Task.sleep(for: .milliseconds(1)) }
        start.cancel()
        let outcome = await start.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(log.count("start dashboard") == 0)
        #expect(!factory.activationReport.awaitingStart.isEmpty)

        gate.open()
        try await factory.start()
        for key in ["dashboard"] + Self.warmups { #expect(log.count("end \(key)") == 1, "\(key): \(log.events)") }
        #expect(factory.activationReport.awaitingStart.isEmpty)
    }

    @Test func theReportNamesTheCriticalPath() async throws {
        let factory = try BlockComponentFactory(assemblies: [ParallelStartAssembly(log: log, gate: StartGate(expected: 8))])
        #expect(factory.activationReport.criticalPath.isEmpty)
        try await factory.start()
        let report = factory.activationReport
        let path = report.criticalPath.map(\.key)
        // The dashboard ends last; of what it waited for, the build that ended later set its start.
        let gating = try position("end w0") > position("end w1") ? "w0" : "w1"
        #expect(path == ["ParallelStartAssembly.\(gating)()", "ParallelStartAssembly.dashboard()"])
        let total = report.criticalPath.reduce(Duration.zero) { $0 + $1.duration }
        #expect(report.description.contains("""
            Critical path of start(), \(ActivationReport.formatted(total)):
              ParallelStartAssembly.\(gating)()  \(ActivationReport.formatted(report.criticalPath[0].duration))
              ParallelStartAssembly.dashboard()  \(ActivationReport.formatted(report.criticalPath[1].duration))
            """))
    }
}

struct WarmupFailed: Error, CustomStringConvertible {
    var description: String { "the cache directory is read-only" }
}

/// Two eager singletons that await and hold each other through properties, one that injects them, one
/// whose initializer fails, one that injects the failing one, and one on its own.
final class TangledStartAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] { [table(), ping(), pong(), broken(), needsBroken(), alone()] }

    func ping() -> Definition<StartPing> { define { Definition(StartPing.init(log:), .value(log)).inject(\.pong, pong()).scope(.singleton) } }
    func pong() -> Definition<StartPong> { define { Definition(StartPong.init(log:), .value(log)).inject(\.ping, ping()).scope(.singleton) } }
    func table() -> Definition<PingPongTable> { define { Definition(PingPongTable.init(ping:), ping()).scope(.singleton) } }
    func broken() -> Definition<Warmup> {
        define { Definition({ () async throws -> Warmup in throw WarmupFailed() }).scope(.singleton) }
    }
    func needsBroken() -> Definition<PingPongTable> {
        define { Definition({ (_: Warmup, ping: StartPing) in PingPongTable(ping: ping) }, broken(), ping()).scope(.singleton) }
    }
    func alone() -> Definition<StartPong> { define { Definition(StartPong.init(log:), .value(log)).scope(.singleton) } }
}

final class StartPing: @unchecked Sendable {
    var pong: StartPong?
    init(log: BuildLog) async {
        await Task.yield()
        log.record("ping")
    }
}

final class StartPong: @unchecked Sendable {
    var ping: StartPing?
    init(log: BuildLog) async {
        await Task.yield()
        log.record("pong")
    }
}

final class PingPongTable: Sendable {
    let ping: StartPing
    init(ping: StartPing) { self.ping = ping }
}

@Suite struct ParallelStartGraphTests {
    let log = BuildLog()

    @Test func aCycleOfSingletonsIsBuiltOnceAndAFailureIsReportedWithItsDependent() async throws {
        let factory = try BlockComponentFactory(assemblies: [TangledStartAssembly(log: log)])
        let thrown = await #expect(throws: ActivationError.self) { try await factory.start() }
        let error = try #require(thrown)
        #expect(error.problems.map(\.subject) == ["TangledStartAssembly.broken()", "TangledStartAssembly.needsBroken()"])
        #expect(error.description == """
            Cannot activate the factory: 2 problems
              - Building singleton TangledStartAssembly.broken() failed. Cannot resolve TangledStartAssembly.broken(): \
            building it threw the cache directory is read-only.
              - Building singleton TangledStartAssembly.needsBroken() failed. Cannot resolve TangledStartAssembly.broken(): \
            building it threw the cache directory is read-only.
                  TangledStartAssembly.needsBroken() → TangledStartAssembly.broken()
            """)
        #expect(log.count("ping") == 1)
        #expect(log.count("pong") == 2, "the cycle's pong and the one alone")
        let table = try await factory.resolve(TangledStartAssembly.table)
        let pong = try #require(table.ping.pong)
        #expect(pong.ping === table.ping)
        #expect(factory.activationReport.awaitingStart == ["TangledStartAssembly.broken()", "TangledStartAssembly.needsBroken()"])
    }
}
