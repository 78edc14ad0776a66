import Monsoon

/// Scenario 10: `try await factory.start()` with eight independent eager singletons whose async
/// initializers take 50 ms each, and a ninth that injects two of them and takes 50 ms more. Built one
/// after another (as `start()` did before issue 29, and as awaiting each in registration order still
/// does) that is the 450 ms sum; built following the graph it is the critical path, two builds long.
/// Wall time is the figure here: the builds sleep, so instructions would show nothing.
final class StartupAssembly: Assembly {
    override var definitions: [any ComponentDefinition] {
        [dashboard(), s0(), s1(), s2(), s3(), s4(), s5(), s6(), s7()]
    }

    func dashboard() -> Definition<StartupDashboard> {
        define { Definition(StartupDashboard.init(first:second:), s0(), s1()).scope(.singleton) }
    }
    func s0() -> Definition<StartupService> { service() }
    func s1() -> Definition<StartupService> { service() }
    func s2() -> Definition<StartupService> { service() }
    func s3() -> Definition<StartupService> { service() }
    func s4() -> Definition<StartupService> { service() }
    func s5() -> Definition<StartupService> { service() }
    func s6() -> Definition<StartupService> { service() }
    func s7() -> Definition<StartupService> { service() }

    /// Forwards the caller's position too: it is part of each definition's identity.
    private func service(function: StaticString = #function, line: UInt = #line, column: UInt = #column) -> Definition<StartupService> {
        define(function: function, line: line, column: column) { Definition(StartupService.init).scope(.singleton) }
    }
}

/// The time each build of scenario 10 takes.
let startupBuild = Duration.milliseconds(50)

final class StartupService: Sendable {
    init() async throws { try await Task.sleep(for: startupBuild) }
}

final class StartupDashboard: Sendable {
    let first: StartupService
    let second: StartupService

    init(first: StartupService, second: StartupService) async throws {
        try await Task.sleep(for: startupBuild)
        self.first = first
        self.second = second
    }
}

/// Scenario 10 in milliseconds: each figure the median of `repetitions` fresh factories.
struct StartRow: Encodable {
    /// Awaiting each singleton in registration order, one resolution after another.
    let sequential: Double
    /// `factory.start()`.
    let parallel: Double
    /// The longest chain of builds: the dashboard after one of the services it injects.
    let criticalPath: Double
    /// The chain `start()` reported (`ActivationReport.criticalPath`), in one of the parallel runs.
    let reportedPath: [String]

    var parallelOverCriticalPath: Double { parallel / criticalPath }
}

/// Scenario 10, or `nil` when a build failed or `start()` reported a critical path other than the
/// dashboard after one of the two services it injects.
func startRow(repetitions: Int) async -> StartRow? {
    var sequential: [Double] = []
    var parallel: [Double] = []
    var reportedPath: [String] = []
    for _ in 0..<repetitions {
        // Interleaved, so that a busy moment on the machine falls on both.
        guard let ordered = try? BlockComponentFactory(assemblies: [StartupAssembly()]),
              let started = try? BlockComponentFactory(assemblies: [StartupAssembly()]) else { return nil }
        var begin = ContinuousClock.now
        do {
            _ = try await ordered.resolve(StartupAssembly.dashboard)
            let services: [(StartupAssembly) -> () -> Definition<StartupService>] = [
                StartupAssembly.s0, StartupAssembly.s1, StartupAssembly.s2, StartupAssembly.s3,
                StartupAssembly.s4, StartupAssembly.s5, StartupAssembly.s6, StartupAssembly.s7,
            ]
            for service in services { _ = try await ordered.resolve(service) }
        } catch {
            return nil
        }
        sequential.append(nanoseconds(ContinuousClock.now - begin) / 1e6)
        begin = ContinuousClock.now
        guard (try? await started.start()) != nil else { return nil }
        parallel.append(nanoseconds(ContinuousClock.now - begin) / 1e6)
        reportedPath = started.activationReport.criticalPath.map(\.key)
        guard reportedPath.count == 2, reportedPath.last == "StartupAssembly.dashboard()",
              ["StartupAssembly.s0()", "StartupAssembly.s1()"].contains(reportedPath[0]) else { return nil }
    }
    return StartRow(sequential: median(sequential), parallel: median(parallel), criticalPath: nanoseconds(startupBuild * 2) / 1e6,
                    reportedPath: reportedPath)
}
