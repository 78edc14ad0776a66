extension BlockComponentFactory {
    /// Builds the eager singletons that activation could not: those whose initializer is `async`, or
    /// that inject one. Call it once, right after activation; the activation report then lists their
    /// build times with the others', and the chain of them that set how long start-up took
    /// (``ActivationReport/criticalPath``).
    ///
    /// ```swift
    /// let factory = try BlockComponentFactory(manifest: manifestURL)
    /// try await factory.start()
    /// print(factory.activationReport.criticalPath.map(\.key))   // ["CoreAssembly.database()", "CoreAssembly.store()"]
    /// ```
    ///
    /// Singletons that do not need one another are built at the same time, each in a child task; one
    /// that injects others (directly, or through components that are not eager singletons) starts once
    /// they are built. Each is built exactly once, however many `start()` calls and first resolutions
    /// race for it, and none is handed out before its build (injections included) is complete.
    ///
    /// Until it has run, resolving such a singleton with `await` builds it then (like a lazySingleton),
    /// and resolving it synchronously throws `ErrorKind.asyncRequired`.
    ///
    /// - Throws: ``ActivationError`` listing every singleton that failed to build (the factory stays
    ///   usable; a failed build is not kept, and the next resolution tries again; a singleton that
    ///   injects a failed one is still tried, and reports the path to the failure), or
    ///   `CancellationError` when the calling task is cancelled or an initializer throws it: builds
    ///   under way end as their initializers allow, no new one starts, and whatever did not finish is
    ///   left for the next `start()` or resolution.
    nonisolated(nonsending)
    public func start() async throws {
        let plan = StartPlan(awaiting: catalog.listedEntries.filter { $0.awaitsStart && !mayHoldValue($0) }, in: self)
        guard !plan.entries.isEmpty else { return }
        let run = try await run(plan)
        singletonTimings.withLock { recorded in
            // A racing start() may have recorded the same singletons: each is listed once.
            let known = Set(recorded.map(\.key))
            recorded = (recorded + run.timings.filter { !known.contains($0.key) }).sorted { $0.duration > $1.duration }
        }
        startCriticalPath.withLock { path in if path.isEmpty { path = run.criticalPath } }
        if !run.problems.isEmpty { throw ActivationError(problems: run.problems) }
    }

    /// What one start did.
    private struct StartRun {
        var timings: [ActivationReport.SingletonTiming] = []
        var criticalPath: [ActivationReport.SingletonTiming] = []
        var problems: [ValidationReport.Finding] = []
    }

    /// One build that a start ran in a child task.
    private struct StartOutcome: Sendable {
        let index: Int
        let started: ContinuousClock.Instant
        let ended: ContinuousClock.Instant
        /// Whether the singleton was already built (by a racing resolution or start) when its task began.
        let wasBuilt: Bool
        let failure: (any Error)?
    }

    /// Builds the plan's singletons, each in a child task started as soon as the singletons it injects
    /// are built.
    nonisolated(nonsending)
    private func run(_ plan: StartPlan) async throws -> StartRun {
        var waitingFor = plan.waitsFor.map(\.count)
        var dependents = [[Int]](repeating: [], count: plan.entries.count)
        for (index, predecessors) in plan.waitsFor.enumerated() { for predecessor in predecessors { dependents[predecessor].append(index) } }
        var outcomes = [StartOutcome?](repeating: nil, count: plan.entries.count)
        var stopping: (any Error)?

        await withTaskGroup(of: StartOutcome.self) { group in
            for index in plan.entries.indices where waitingFor[index] == 0 {
                let entry = plan.entries[index]
                group.addTask { await self.build(entry, index: index) }
            }
            while let outcome = await group.next() {
                outcomes[outcome.index] = outcome
                if let failure = outcome.failure, !(failure is ResolutionError), stopping == nil {
                    // Cancellation (or an error that is not the factory's): nothing new starts.
                    stopping = failure
                    group.cancelAll()
                }
                for dependent in dependents[outcome.index] {
                    waitingFor[dependent] -= 1
                    guard waitingFor[dependent] == 0, stopping == nil, !Task.isCancelled else { continue }
                    let entry = plan.entries[dependent]
                    group.addTask { await self.build(entry, index: dependent) }
                }
            }
        }
        if let stopping { throw stopping }
        // Cancelled between two builds: some never started.
        if outcomes.contains(where: { $0 == nil }) { throw CancellationError() }

        var run = StartRun()
        for case let outcome? in outcomes {
            let key = plan.entries[outcome.index].key
            if let error = outcome.failure as? ResolutionError {
                run.problems.append(.singletonFailed(key, error: error))
            } else if !outcome.wasBuilt {
                run.timings.append((key: key, duration: outcome.ended - outcome.started))
            }
        }
        run.criticalPath = Self.criticalPath(of: plan, outcomes: outcomes)
        return run
    }

    /// Builds one singleton in a resolution of its own; what it injects from the plan is built already.
    private func build(_ entry: RegistryEntry, index: Int) async -> StartOutcome {
        let started = ContinuousClock.now
        let wasBuilt = mayHoldValue(entry)
        do {
            if !wasBuilt { _ = try await withAsyncResolution { context in try await context.instanceAsync(of: entry) } }
            return StartOutcome(index: index, started: started, ended: .now, wasBuilt: wasBuilt, failure: nil)
        } catch {
            return StartOutcome(index: index, started: started, ended: .now, wasBuilt: wasBuilt, failure: error)
        }
    }

    /// The chain that set when the start ended: from the build that ended last, back through the
    /// singleton it waited for that ended last, to one that waited for none. Root first.
    private static func criticalPath(of plan: StartPlan, outcomes: [StartOutcome?]) -> [ActivationReport.SingletonTiming] {
        func built(_ index: Int) -> StartOutcome? {
            guard let outcome = outcomes[index], outcome.failure == nil, !outcome.wasBuilt else { return nil }
            return outcome
        }
        var current = plan.entries.indices.compactMap(built).max { $0.ended < $1.ended }
        var path: [ActivationReport.SingletonTiming] = []
        while let outcome = current {
            path.append((key: plan.entries[outcome.index].key, duration: outcome.ended - outcome.started))
            current = plan.waitsFor[outcome.index].compactMap(built).max { $0.ended < $1.ended }
        }
        return path.reversed()
    }
}

/// The eager singletons a start builds, and which of them each must wait for: those it reaches through
/// what it injects (directly, or through components that are not among them), outside its own cycle.
/// Members of one cycle start together; the shared-build coordinator claims a cycle's cells as a group,
/// so one resolution builds them all.
struct StartPlan: Sendable {
    let entries: [RegistryEntry]
    /// For each entry, the positions in `entries` of those it waits for.
    let waitsFor: [[Int]]

    init(awaiting entries: [RegistryEntry], in factory: BlockComponentFactory) {
        self.entries = entries
        var position: [ObjectIdentifier: Int] = [:]
        for (index, entry) in entries.enumerated() { position[ObjectIdentifier(entry)] = index }
        var reaches: [[Int]] = []
        for entry in entries {
            var found: [Int] = []
            var visited: Set<ObjectIdentifier> = [ObjectIdentifier(entry)]
            var stack = [entry]
            while let current = stack.popLast() {
                AsyncReach.forEachEdge(of: current, in: factory.catalog) { edge in
                    // What a build waits for is what it builds; only what may await can lead to a
                    // singleton that awaits.
                    guard edge.isBuiltWithComponent, let reached = edge.entry, reached.isPrepared, reached.reach.mayAwait,
                          !factory.mayHoldValue(reached), visited.insert(ObjectIdentifier(reached)).inserted else { return }
                    if let index = position[ObjectIdentifier(reached)] { found.append(index) } else { stack.append(reached) }
                }
            }
            reaches.append(found)
        }
        var component = [Int](repeating: 0, count: entries.count)
        for (number, members) in CycleGroups.stronglyConnectedComponents(successors: reaches).enumerated() {
            for member in members { component[member] = number }
        }
        waitsFor = reaches.enumerated().map { index, reached in reached.filter { component[$0] != component[index] } }
    }
}
