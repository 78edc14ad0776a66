/// Asynchronous resolution: the same resolution (stack, slots, cycles, settling, claims) driven by code
/// that may suspend between synchronous steps.
///
/// The engine's synchronous code never suspends, and user code in it (initializers, closures, hooks)
/// may call `factory.resolve` expecting to join the graph being built, which it finds through the
/// thread's current resolution. So an asynchronous resolution runs as a series of synchronous *steps*:
/// each runs on one thread with the resolution made that thread's current one, and none spans an
/// `await`. Between steps it awaits what a synchronous step cannot: an `async` initializer, a shared
/// component another resolution is building (the waiter suspends; no thread blocks), or a move to the
/// main actor for a main-actor component's steps.
///
/// Invariant that makes the context safe to use from several threads in turn: only the task running
/// this resolution touches it, one step at a time; a step ends before the next `await`, and a hop to the
/// main actor suspends the task until the step has run there.
///
/// A component that neither awaits nor needs the main actor (see `AsyncReach`) is built in one
/// synchronous step, exactly as a synchronous resolution builds it.
extension ResolutionContext {
    /// The component of `entry`, obeying its scope, awaiting whatever its build must await.
    nonisolated(nonsending) func instanceAsync(of entry: RegistryEntry) async throws -> Any {
        if let published = entry.cell?.publishedValue { return published }
        if !entry.isPrepared { try factory.prepare(entry, path: path) }
        if let patch = patch(of: entry) {
            // A main-actor double is made on the main actor, like a main-actor component.
            return try await step(onMainActor: patch.isMainActor) { [self] () throws(ResolutionError) in try instance(of: entry) }
        }
        guard needsAsyncSteps(entry), !entry.definition.isAbstract else {
            return try segment { () throws(ResolutionError) in try instance(of: entry) }
        }
        if let cell = entry.cell { return try await sharedInstanceAsync(of: entry, in: cell) }
        if entry.scope.isPooledPerResolution, let held = held(entry, pool: .objectGraphPool) { return held }
        return try await buildAsync(entry, claimed: nil)
    }

    /// Whether building `entry` here needs more than one synchronous step.
    func needsAsyncSteps(_ entry: RegistryEntry) -> Bool {
        !entry.isPrepared || entry.reach.mayAwait
            || ((entry.reach.mayNeedMainActor || factory.patches.hasMainActorDouble) && !MainActorCall.isMainActor)
    }

    private func patch(of entry: RegistryEntry) -> Patch? {
        factory.patches.isActive ? factory.patches.patch(for: entry) : nil
    }

    private nonisolated(nonsending) func sharedInstanceAsync(of entry: RegistryEntry, in cell: SharedInstanceCell) async throws -> Any {
        if let own = held(entry, pool: .sharedPool(entry.scope)) { return own }
        if let home = factory.parentEntry(of: entry) {
            let component = try await home.factory.resolveAsync(home.entry, as: Any.self)
            if home.factory.mayHaveHandedDouble(for: home.entry) { claims.usedPatch = true }
            return component
        }
        switch try await factory.coordinator.claimAsync(cell, group: entry.cycleGroup, for: id,
                                                         key: entry.key, path: path) {
        case .available(let value):
            return value
        case .ownedByThisResolution:
            if let own = held(entry, pool: .sharedPool(entry.scope)) { return own }
            return try await buildAsync(entry, claimed: nil)
        case .claimed:
            claims.entries.append(entry)
            return try await buildAsync(entry, claimed: cell)
        }
    }

    /// `build(_:claimed:)` with the component built by `buildAsync` of its recipe.
    private nonisolated(nonsending) func buildAsync(_ entry: RegistryEntry, claimed cell: SharedInstanceCell?) async throws -> Any {
        var shadowed: SlotState?
        if let state = stack.slots.state(of: entry), state.frame >= 0 {
            switch try inFlightUse(of: entry, state: state) {
            case .reuse(let value): return value
            case .buildBeside(let state): shadowed = state
            }
        }
        let index = stack.frames.count
        // No stack check: an asynchronous build's frames live in the task's memory, and each synchronous
        // step checks its own thread's stack.
        if index >= hot.pointee.stack.maximumDepth {
            throw ResolutionError.depthLimitExceeded(entry.key, limit: hot.pointee.stack.maximumDepth, stackExhausted: false, path: path + [entry.key])
        }
        stack.frames.append(Frame(entry: entry, hasInstance: false, lowLink: index, claimedCell: cell))
        // Truncating (the depth limit keeps it small) rather than checked like `build`: identical code
        // would be merged by the optimizer into one function behind thunks, which `build` then pays for.
        stack.slots.update(entry) { $0.frame = Int32(truncatingIfNeeded: index) }
        do {
            let value = try await entry.definition.buildAsync(self, entry)
            try await step(onMainActor: settlesMainActorComponents()) { [self] in popFrame() }
            if let shadowed { stack.slots.update(entry) { $0 = shadowed } }
            return value
        } catch {
            clearPrepared()
            discard(stack.frames.removeLast())
            if let shadowed { stack.slots.update(entry) { $0 = shadowed } }
            if var resolutionError = error as? ResolutionError {
                resolutionError.postponableUntil = nil
                throw resolutionError
            }
            if error is CancellationError { throw error }
            if let failed = error as? FailedInjection, failed.underlying is CancellationError { throw failed.underlying }
            throw ResolutionError.componentFailed(entry.key, error: error, path: path + [entry.key])
        }
    }

    /// `inject(into:entry:)` in an asynchronous resolution: what the injections need is produced first,
    /// awaiting async initializers, then they run as in a synchronous resolution.
    nonisolated(nonsending) func injectAsync(into existing: Any, entry: RegistryEntry) async throws -> Any {
        pushFrame(injecting: existing, entry: entry)
        do {
            let inherited = entry.hasParent ? entry.inherited?.injectionTargets ?? [] : []
            try await prepare(inherited + entry.definition.inheritableSteps().injectionTargets)
            let injected = try await step(onMainActor: entry.isMainActor) { [self] in try entry.definition.injectExisting(existing, self, entry) }
            try await step(onMainActor: settlesMainActorComponents()) { [self] in popFrame() }
            return injected
        } catch {
            clearPrepared()
            discard(stack.frames.removeLast())
            if error is ResolutionError || error is CancellationError { throw error }
            throw ResolutionError.componentFailed(entry.key, error: error, path: path + [entry.key])
        }
    }

    /// Whether popping the top frame may run a main-actor component's afterInjections hooks.
    private func settlesMainActorComponents() -> Bool {
        guard let top = stack.frames.last else { return false }
        return top.entry.isMainActor || (top.extras?.unsettled.contains { $0.entry.isMainActor } ?? false)
    }

    /// Whether the top frame holds postponed injections into a main-actor component.
    var hasPostponedMainActorInjections: Bool { stack.frames.last?.extras?.postponedForMainActor ?? false }

    /// Produces, in order, every component `targets` will request in the next synchronous step of the
    /// frame on top, when one of them needs more than that step can do; the step then takes them from
    /// `prepared` instead of building them (`instance(of:)`). Targets the graph cannot show (closures)
    /// are left to the step.
    nonisolated(nonsending) func prepare(_ targets: [Dependency.Target]) async throws {
        guard !targets.isEmpty else { return }
        var entries: [RegistryEntry] = []
        for target in targets { collectEntries(of: target, into: &entries) }
        guard entries.contains(where: { !factory.mayHoldValue($0) && needsAsyncSteps($0) }) else { return }
        var values: [(entry: RegistryEntry, value: Any)] = []
        for entry in entries {
            do {
                values.append((entry, try await instanceAsync(of: entry)))
            } catch let error as ResolutionError where error.postponableUntil != nil {
                // Still in its initializer, which is building this component: the step asks again and
                // postpones its injection until that initializer returns, as a synchronous one does.
                continue
            }
        }
        hot.pointee.detours.preparedDepth = stack.frames.count
        hot.pointee.detours.prepared = values
    }

    /// What the step builds, as the resolution finds it (a parameterized definition's entry made, an
    /// implicit component registered); not a provider's target, which the step does not build, nor an
    /// ambiguous type's candidates. A lookup that fails is left to the step, which reports it with the
    /// requested type.
    private func collectEntries(of target: Dependency.Target, into entries: inout [RegistryEntry]) {
        target.forEachEdge(declaring: { factory.catalog.entries(declaring: $0) }, lookup: { try? entry(for: $0, declaredType: Any.self) }) { edge in
            switch edge.kind {
            case .reference, .soleByType, .allOfType:
                if let entry = edge.entry { entries.append(entry) }
            case .parameterized:
                if let reference = edge.reference, let entry = try? entry(for: reference, declaredType: Any.self) { entries.append(entry) }
            case .unregisteredType:
                if let type = edge.type, let entry = try? factory.uniqueEntry(for: type, path: []) { entries.append(entry) }
            case .provider, .ambiguousByType:
                break
            }
        }
    }

    /// The prepared component of `entry` for the step of the frame on top, if there is one.
    func takePrepared(_ entry: RegistryEntry) -> Any? {
        guard stack.frames.count == hot.pointee.detours.preparedDepth,
              let position = hot.pointee.detours.prepared.firstIndex(where: { $0.entry === entry })
        else { return nil }
        return hot.pointee.detours.prepared.remove(at: position).value
    }

    /// Drops what the last step did not take (an argument a post-processor replaced, say).
    func clearPrepared() {
        guard !hot.pointee.detours.prepared.isEmpty else { return }
        hot.pointee.detours.prepared.removeAll()
        hot.pointee.detours.preparedDepth = -1
    }

    /// Runs one synchronous step of this resolution on the calling thread: the resolution is the
    /// thread's current one meanwhile, so that code in it that calls `factory.resolve` joins it.
    func segment<R, Failure: Error>(_ body: () throws(Failure) -> R) throws(Failure) -> R {
        let thread = ThreadState.current
        let previous = thread.pointee.resolutions.current
        hot.pointee.run.thread = CurrentResolution.currentThread
        hot.pointee.stack.stackFloor = thread.pointee.resolutions.stackFloor
        thread.pointee.resolutions.current = self
        defer {
            thread.pointee.resolutions.current = previous
            clearPrepared()
        }
        return try body()
    }

    /// Runs one synchronous step, on the main actor when `onMainActor` is set and this is not it.
    nonisolated(nonsending) func step<R>(onMainActor: Bool, _ body: @escaping () throws -> R) async throws -> R {
        guard onMainActor, !MainActorCall.isMainActor else { return try segment(body) }
        let handed = SuspendedHandOff((context: self, body: body))
        return try await MainActor.run {
            SuspendedHandOff(try handed.value.context.segment(handed.value.body))
        }.value
    }
}

/// Values an asynchronous resolution hands to a step it runs on the main actor, and the step's result
/// handed back. The resolution's task is suspended until the step has run, so nothing else reaches them
/// meanwhile: they cross threads once each way, in order, and need not be `Sendable`.
struct SuspendedHandOff<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
