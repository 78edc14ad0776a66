import Foundation

/// Turns assemblies into components: activation registers every listed definition and builds the
/// singletons; resolution then builds or reuses components according to their scopes.
///
/// ```swift
/// let factory = try BlockComponentFactory(assemblies: [QuestAssembly(), CoreAssembly()])
/// let knight = try factory.resolve(QuestAssembly.knight)          // by method reference
/// let quest = try factory.resolve((any Quest).self)               // by declared type
/// let horse: Horse = try factory.resolve(key: "QuestAssembly.horse()")
/// ```
///
/// A factory is safe to use from any number of threads. It owns its pools: two factories never share
/// instances (but a child reads its parent's, see ``child(_:)``), and releasing a factory releases its
/// singletons.
public final class BlockComponentFactory: Sendable {
    /// Every entry, whatever made it (see `Catalog`).
    @usableFromInline let catalog: Catalog
    @usableFromInline let assemblies: AssemblyDirectory
    let coordinator = SharedInstanceCoordinator()
    /// Completes entries when first needed (see `Preparation`).
    let preparation = Preparation()
    @usableFromInline let patches = PatchTable()
    /// Every instance and definition post-processor, the factory's own and its assemblies', in the order
    /// they run.
    @usableFromInline let instancePostProcessors: [any InstancePostProcessor]
    let definitionPostProcessors: [any DefinitionPostProcessor]
    /// The post-processors passed to the initializer, for a factory made again from the same assemblies.
    let givenPostProcessors: (definition: [any DefinitionPostProcessor], instance: [any InstancePostProcessor])
    /// The configuration values components are injected with (`.config("key")`).
    public let configuration: Configuration
    /// The configuration of each assembly that brings its own or has a section in `configuration`.
    let assemblyConfigurations: AssemblyConfigurations
    /// The bounds that end a resolution which could never finish.
    let limits: ResolutionLimits
    /// Whether activation validated the graph, which derived factories do too.
    let validatesAtActivation: Bool
    /// Called with the error of each resolution call that fails (see `reported`).
    let failureObserver: (@Sendable (ResolutionError) -> Void)?
    /// The factory this one is a child of (see ``child(_:)``), which builds and pools the shared
    /// components of its own definitions for both.
    let parent: BlockComponentFactory?
    /// A child's gate, which `close()` shuts; `nil` for a factory that is no child.
    let childLifetime: ChildLifetime?
    /// The children made from this factory, for the messages of lookups only a child can answer.
    let children = ChildDirectory()
    /// The singleton build times measured during activation (written once by the activating thread) and
    /// added to by `start()`.
    let singletonTimings = Locked<[ActivationReport.SingletonTiming]>([])
    /// The chain of singletons that set how long `start()` took, root first; written by the first
    /// `start()` that built any.
    let startCriticalPath = Locked<[ActivationReport.SingletonTiming]>([])

    /// What activation registered and built; see ``ActivationReport``. Made when asked for, so that
    /// activation itself does not pay for it.
    public var activationReport: ActivationReport {
        // Completed, as validation completes them, so that what each needs is known.
        _ = prepareAll()
        return ActivationReport(catalog: catalog, directory: assemblies, configuration: configuration,
                                assemblyConfiguration: assemblyConfigurations.declaredOrigins, resolutionNeeds: resolutionNeeds())
            .with(singletons: singletonTimings.current, criticalPath: startCriticalPath.current)
    }

    /// What resolving each registered definition needs, as validation's findings say it (in time linear
    /// in the graph: a report of a large graph makes no search per definition).
    private func resolutionNeeds() -> [String: ActivationReport.ResolutionNeeds] {
        let mainActor = AsyncReach.entriesNeeding(.mainActor, in: self)
        let awaiting = AsyncReach.entriesNeeding(.await, in: self)
        var needs: [String: ActivationReport.ResolutionNeeds] = [:]
        for entry in catalog.listedEntries {
            var own: ActivationReport.ResolutionNeeds = []
            if mainActor.contains(ObjectIdentifier(entry)) { own.insert(.mainActor) }
            if awaiting.contains(ObjectIdentifier(entry)) { own.insert(.await) }
            if !own.isEmpty { needs[entry.key] = own }
        }
        return needs
    }

    /// Activates `assemblies`: registers every definition they list, checks the registry, and builds the
    /// `singleton` components in registration order.
    ///
    /// - Parameters:
    ///   - assemblies: one instance per assembly type. A subclass replaces its superclass: its
    ///     definitions are registered under its own type name, and every use of the superclass's
    ///     methods (resolution, references from other assemblies, keys) reaches it.
    ///   - definitionPostProcessors: see and may change every definition, by `order` and then in this
    ///     order (before the assemblies' own post-processors of equal order), before anything is
    ///     built.
    ///   - configuration: the values `.config("key")` injections read; activation checks every such
    ///     key.
    ///   - instancePostProcessors: see and may replace every built component, in order.
    ///   - validating: validate the graph (see ``validate(buildingOpaqueDefinitions:)``) before building
    ///     the singletons, and fail activation on any error finding.
    ///   - doubles: `.previews` for a preview factory, which builds each definition's declared preview (or
    ///     test) double in place of the live component and refuses a live-only one (see
    ///     ``Definition/testDouble(_:)``); `.tests` is what MonsoonTesting's test factories pass. Child and
    ///     derived factories keep it.
    ///   - maximumDepth: the longest chain of components one resolution builds, each injected into the one
    ///     before (at least 1; 0 or less is refused): past it the resolution throws `ErrorKind.depthLimitExceeded` instead of
    ///     overflowing the stack. A definition that injects itself with new runtime arguments (`page(n)`
    ///     injecting `page(n + 1)`) never ends without it; the default, 1,000, is far deeper than any graph
    ///     written by hand. A resolution about to run out of its thread's stack throws the same error,
    ///     whatever this limit.
    ///   - sharedBuildWait: how long a resolution waits for another thread to finish building a shared
    ///     component (singleton, lazySingleton, weakSingleton) before it throws
    ///     `ErrorKind.sharedBuildTimedOut` instead of waiting forever. The wait ends sooner when the other
    ///     thread finishes; it lasts this long only when that thread is blocked, for example by an
    ///     initializer that waits for this very thread. The default, 30 seconds, outlasts any initializer
    ///     that should run at all. Zero or a negative duration is refused.
    ///   - onResolutionFailure: called with the error of every resolution call that fails (`resolve`,
    ///     `allComponents`, `inject`, a ``Provider``'s call, synchronous or awaited, and
    ///     `resolveIfPresent` when it throws), on the caller's thread, once the resolution has ended,
    ///     before the error is thrown: what Swinject logs when `SWINJECT_LOGGING_ENABLED` is set. Calls
    ///     made while a component is being built (from an initializer or a hook) are not reported
    ///     themselves: their error reaches the call that started the build, which is. Neither is
    ///     `CancellationError`, nor a failure of a call the observer itself makes. Derived factories
    ///     (``with(_:)``, ``without(_:)``) keep it.
    /// - Throws: ``ActivationError`` listing every problem found (a limit out of range, duplicate keys or assemblies,
    ///   references to definitions no assembly lists, singletons that fail to build). A factory that
    ///   throws is discarded whole.
    /// - Complexity: O(*n*) in the number of definitions, plus building the singletons.
    public convenience init(
        assemblies: [Assembly],
        configuration: Configuration = .empty,
        definitionPostProcessors: [any DefinitionPostProcessor] = [],
        instancePostProcessors: [any InstancePostProcessor] = [],
        validating: Bool = false,
        doubles: Doubles = .none,
        maximumDepth: Int = 1_000,
        sharedBuildWait: Duration = .seconds(30),
        onResolutionFailure: (@Sendable (ResolutionError) -> Void)? = nil
    ) throws(ActivationError) {
        // A post-processor among the given ones, so that children and derived factories substitute too.
        let substitution: [any DefinitionPostProcessor] = doubles == .none ? [] : [DoubleSubstitution(doubles: doubles)]
        try self.init(assemblies: assemblies, excluding: [], configuration: configuration,
                      definitionPostProcessors: definitionPostProcessors + substitution, instancePostProcessors: instancePostProcessors,
                      validating: validating, limits: try ResolutionLimits(maximumDepth: maximumDepth, sharedBuildWait: sharedBuildWait),
                      onResolutionFailure: onResolutionFailure)
    }

    /// The initializer every factory goes through; `excluded` assembly types are never activated as
    /// collaborators (see ``without(_:)``).
    init(
        assemblies given: [Assembly], excluding excluded: [Assembly.Type], configuration: Configuration,
        definitionPostProcessors: [any DefinitionPostProcessor], instancePostProcessors: [any InstancePostProcessor],
        validating: Bool, limits: ResolutionLimits, onResolutionFailure: (@Sendable (ResolutionError) -> Void)?,
        parent: BlockComponentFactory? = nil
    ) throws(ActivationError) {
        let found = try Collaborators.expanding(given, excluding: excluded)
        let assemblies = found.map(\.assembly)
        let directory = AssemblyDirectory(found, given: given, excluded: excluded)
        self.assemblies = directory
        self.configuration = configuration
        self.limits = limits
        self.validatesAtActivation = validating
        self.failureObserver = onResolutionFailure
        self.givenPostProcessors = (definitionPostProcessors, instancePostProcessors)
        let allDefinitionPostProcessors = Self.ordered(definitionPostProcessors + assemblies.flatMap(\.definitionPostProcessors)) { $0.order }
        self.definitionPostProcessors = allDefinitionPostProcessors
        self.instancePostProcessors = Self.ordered(instancePostProcessors + assemblies.flatMap(\.instancePostProcessors)) { $0.order }
        let assemblyConfigurations = AssemblyConfigurations(directory, global: configuration)
        self.assemblyConfigurations = assemblyConfigurations
        let registry = try Registry.activating(directory, postProcessors: allDefinitionPostProcessors) { reference, definition in
            assemblyConfigurations.configuration(forAssembly: reference.assembly, building: definition, directory: directory, global: configuration)
        }
        if let conflict = ScopeConflicts.finding(in: registry.entries) { throw ActivationError(problems: [conflict]) }
        let catalog = Catalog(registry: registry, assemblies: directory)
        self.catalog = catalog
        self.parent = parent
        self.childLifetime = parent.map { ChildLifetime(parent: $0.childLifetime) }
        // A child's pools are emptied by `close()`, so its resolutions never read them lock-free: they
        // all take the general path, whose gate `close()` waits on.
        if let parent {
            patches.beginBypass()
            // Before anything is built: a rejected child must not have built its singletons.
            let added = given.filter { assembly in !parent.assemblies.given.assemblies.contains { $0 === assembly } }
            let problems = added.flatMap { ambiguities(introducedBy: type(of: $0), forChild: true) }
            if !problems.isEmpty { throw ActivationError(problems: problems) }
        }
        let wiring = wiringProblems()
        if !wiring.isEmpty { throw ActivationError(problems: wiring) }
        if validating {
            let errors = validate().findings(.error)
            if !errors.isEmpty { throw ActivationError(problems: errors) }
        }
        let timings = try buildSingletons()
        singletonTimings.withLock { $0 = timings }
    }

    /// `processors` by `order`, lowest first; a stable sort, so that equal orders keep the factory's own
    /// first, then the assemblies' in activation order.
    private static func ordered<Processor>(_ processors: [Processor], by order: (Processor) -> Int) -> [Processor] {
        processors.enumerated().sorted { (order($0.element), $0.offset) < (order($1.element), $1.offset) }.map(\.element)
    }

    /// Every registered definition, in registration order.
    ///
    /// - Complexity: O(*n*), made on each access (type names included): keep the array when reading it
    ///   repeatedly.
    public var definitions: [DefinitionInfo] { catalog.listedEntries.map(\.info) }

    /// Runs the definition post-processors on a parameterized definition evaluated at resolution time.
    func postProcessed(_ definition: AnyDefinition, path: @autoclosure () -> [String]) throws(ResolutionError) -> AnyDefinition {
        guard !definitionPostProcessors.isEmpty else { return definition }
        let key = BlockComponentFactory.key(of: definition)
        do {
            return try definitionPostProcessors.process(definition, key: key) { [unowned self] reference in self.registeredDefinition(for: reference) }
        } catch {
            throw .componentFailed(key, error: error.underlying, path: path() + [key])
        }
    }

    /// Runs the instance post-processors on a freshly injected component.
    func postProcess<T>(_ instance: T, entry: RegistryEntry, context: ResolutionContext) throws(ResolutionError) -> T {
        guard !instancePostProcessors.isEmpty else { return instance }
        var current: Any = instance
        // Formatted once per build, not once per post-processor (see `RegistryEntry.key`).
        let key = entry.key
        for processor in instancePostProcessors {
            current = processor.process(current, key: key)
            guard current is T else {
                throw .postProcessorMismatch(key, processor: typeName(type(of: processor)),
                                             returned: type(of: current), expected: T.self, path: context.path)
            }
        }
        return (current as? T) ?? instance
    }

    private func buildSingletons() throws(ActivationError) -> [ActivationReport.SingletonTiming] {
        var problems: [ValidationReport.Finding] = []
        var timings: [ActivationReport.SingletonTiming] = []
        let clock = ContinuousClock()
        // A singleton that awaits is built by `start()`.
        for entry in catalog.listedEntries where entry.scope.isEager && !entry.definition.isAbstract {
            let start = clock.now
            do {
                try prepare(entry, path: [])
                if entry.reach.mayAwait { continue }
                _ = try withResolution { context throws(ResolutionError) in try context.instance(of: entry) }
                timings.append((key: entry.key, duration: clock.now - start))
            } catch {
                problems.append(.singletonFailed(entry.key, error: error))
            }
        }
        if !problems.isEmpty { throw ActivationError(problems: problems) }
        return timings.sorted { $0.duration > $1.duration }
    }

    // MARK: - The second half of activation: the eager singletons the initializer could not build, because they await.
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

    // MARK: - Factories made from this one's assemblies and settings (Objection's `withModules:` and
    // `withoutModuleOfType:`), each activated anew.
    /// A new factory activated from this one's assemblies plus `assemblies` (Objection's
    /// `withModules:`): an assembly given here replaces one of this factory's of the same type, a
    /// superclass or a subclass. Configuration, post-processors, resolution limits (`maximumDepth`,
    /// `sharedBuildWait`) and validating at activation carry over.
    ///
    /// ```swift
    /// let app = try BlockComponentFactory(assemblies: [AppAssembly()])
    /// let offline = try app.with(OfflineNetworkAssembly())   // replaces AppAssembly's NetworkAssembly
    /// ```
    ///
    /// The new factory shares nothing mutable with this one: it has its own pools, so its singletons
    /// are built again (from the same assembly instances), and patches applied to either stay there.
    ///
    /// An assembly related to none of this factory's (passed or collaborator) is added beside them; when
    /// that makes a type it declares ambiguous, `with` fails with `replacesNothing`
    /// instead, since resolving that type would fail later, far from the cause.
    ///
    /// - Throws: ``ActivationError`` for whatever the new set of assemblies gets wrong.
    public func with(_ added: Assembly...) throws(ActivationError) -> BlockComponentFactory {
        let kept = assemblies.given.assemblies.filter { existing in
            !added.contains { Self.related(type(of: $0), type(of: existing)) }
        }
        let unrelated = added.filter { new in !assemblies.assemblies.contains { Self.related(type(of: new), type(of: $0)) } }
        let factory = try derived(assemblies: kept + added, excluding: assemblies.given.excluded)
        let problems = unrelated.flatMap { factory.ambiguities(introducedBy: type(of: $0)) }
        guard problems.isEmpty else { throw ActivationError(problems: problems) }
        return factory
    }

    /// A new factory activated from this one's assemblies without those of the given types or their
    /// subclasses (Objection's `withoutModuleOfType:`), which are not activated as collaborators either.
    ///
    /// ```swift
    /// let headless = try app.without(AnalyticsAssembly.self)
    /// ```
    ///
    /// Like ``with(_:)``, the new factory has its own pools. A type this factory never activated fails
    /// with `notActivated` (a misspelt or wrong type would otherwise
    /// leave the factory as it was); removing an assembly that others still refer to fails activation
    /// with an `undeclaredDefinition` problem naming the reference.
    ///
    /// - Throws: ``ActivationError`` for whatever the remaining assemblies get wrong.
    public func without(_ assemblyTypes: Assembly.Type...) throws(ActivationError) -> BlockComponentFactory {
        let absent = assemblyTypes.filter { removed in !assemblies.assemblies.contains { ClassHierarchy.isSubclass(type(of: $0), of: removed) } }
        guard absent.isEmpty else {
            let activated = assemblies.assemblies.map { typeName(type(of: $0)) }
            throw ActivationError(problems: absent.map { .notActivated(typeName($0), activated: activated) })
        }
        let kept = assemblies.given.assemblies.filter { existing in
            !assemblyTypes.contains { ClassHierarchy.isSubclass(type(of: existing), of: $0) }
        }
        return try derived(assemblies: kept, excluding: assemblies.given.excluded + assemblyTypes)
    }

    /// A factory made from `assemblies` with everything else this one was given.
    ///
    /// - Parameter observingFailures: `false` for a factory of the library's own (validation's throwaway),
    ///   whose failures are findings, not failed resolutions of the app.
    func derived(
        assemblies: [Assembly], excluding excluded: [Assembly.Type], validating: Bool? = nil, observingFailures: Bool = true
    ) throws(ActivationError) -> BlockComponentFactory {
        try BlockComponentFactory(
            assemblies: assemblies, excluding: excluded, configuration: configuration,
            definitionPostProcessors: givenPostProcessors.definition, instancePostProcessors: givenPostProcessors.instance,
            validating: validating ?? validatesAtActivation, limits: limits,
            onResolutionFailure: observingFailures ? failureObserver : nil)
    }

    /// Each type `added`'s definitions declare that another assembly's definitions declare too.
    ///
    /// - Parameter forChild: `true` for a child's assembly (see ``child(_:)``), whose message differs.
    func ambiguities(introducedBy added: Assembly.Type, forChild: Bool = false) -> [ValidationReport.Finding] {
        let activated = assemblies.assemblies.map { typeName(type(of: $0)) }.filter { $0 != typeName(added) }
        return catalog.typesDeclaredSeveralTimes.compactMap { type, entries in
            guard entries.contains(where: { $0.definition.assemblyType == added }),
                  entries.contains(where: { $0.definition.assemblyType != added }),
                  let declared = ([entries[0].definition.declaredType] + entries[0].definition.exposedTypes).first(where: { ObjectIdentifier($0) == type })
            else { return nil }
            let keys = entries.filter { $0.definition.assemblyType != added }.map(\.key)
                + entries.filter { $0.definition.assemblyType == added }.map(\.key)
            if forChild { return .childDeclaresParentType(typeName(added), type: declared, keys: keys) }
            return .replacesNothing(typeName(added), type: declared, keys: keys, activated: activated)
        }.sorted { $0.description < $1.description }
    }

    private static func related(_ first: AnyClass, _ second: AnyClass) -> Bool {
        ClassHierarchy.isSubclass(first, of: second) || ClassHierarchy.isSubclass(second, of: first)
    }

    // MARK: - Emptying the pools of a scope of one's own: Swinject's `resetObjectScope(_:)`.
    /// Releases every component this factory pools in `scope`, a scope of your own: the next resolution
    /// of each builds a new one.
    ///
    /// ```swift
    /// extension Scope { static let catalogCache = Scope("catalogCache") }
    ///
    /// try factory.reset(.catalogCache)
    /// ```
    ///
    /// A component nothing else holds is deinitialized before `reset` returns (after the factory's lock
    /// is released), and weak references to it are `nil`. What was already handed out stays with whoever
    /// holds it, including longer-lived components it was injected into:
    /// ``validate(buildingOpaqueDefinitions:)`` reports a singleton or lazySingleton that holds a
    /// component of a resettable scope.
    ///
    /// A reset never waits, and never releases a component under a resolution building it: a resolution
    /// building one of the scope's components on another thread at that moment keeps what it builds,
    /// which is not pooled (the next resolution builds anew). A resolution running on another thread
    /// while the scope is reset may see a component of it from before the reset and one from after.
    ///
    /// On a child (see ``child(_:)``), `reset` empties the pools of the scope in the child and in every
    /// factory it descends from, as Swinject's `resetObjectScope(_:)` on a child container resets the
    /// parent's instances too: after `session.reset(.cache)`, the session resolves no component of
    /// `cache` from before the reset, whichever factory pools it. A parent's reset leaves its children's
    /// own pools alone.
    ///
    /// - Throws: ``ScopeResetError`` — `ErrorKind.scopeNotResettable` for a built-in scope (they keep
    ///   what they pool for the factory's lifetime, or pool nothing), `ErrorKind.resetDuringResolution`
    ///   when called from inside a build on this thread, `ErrorKind.unknownScope` for a scope no
    ///   definition of this factory (or of one it descends from) is in: a misspelt name, or a scope of
    ///   another factory.
    /// - Complexity: O(*n*) in the number of entries.
    public func reset(_ scope: Scope) throws(ScopeResetError) {
        guard scope.isResettable else { throw .notResettable(scope) }
        guard !Self.isInsideBuild(ThreadState.current) else { throw .duringResolution(scope) }
        var pooling: [(factory: BlockComponentFactory, cells: [SharedInstanceCell])] = []
        var factory: BlockComponentFactory? = self
        while let current = factory {
            let entries = current.catalog.entries(in: scope)
            if !entries.isEmpty { pooling.append((current, entries.compactMap(\.cell))) }
            factory = current.parent
        }
        guard !pooling.isEmpty else {
            // Nothing pooled in it: fine for a scope that only definitions with runtime arguments, not
            // resolved yet, are in; a typo or another factory's scope otherwise.
            let known = scopesOfOwn()
            if known.contains(scope.name) { return }
            throw .unknownScope(scope, pooled: known)
        }
        // What the cells held is released here, once `empty` has let the lock go: a deinitializer is user code.
        for (factory, cells) in pooling { _ = factory.coordinator.empty(cells) }
    }

    /// The names of the scopes of one's own this factory's definitions (and its ancestors') are in,
    /// those of the definitions with runtime arguments that the others refer to included.
    private func scopesOfOwn() -> [String] {
        var names: [String] = []
        var factory: BlockComponentFactory? = self
        while let current = factory {
            let scopes = current.catalog.allEntries.map(\.scope) + current.graph().nodes.map(\.scope)
            for scope in scopes where scope.isResettable && !names.contains(scope.name) { names.append(scope.name) }
            factory = current.parent
        }
        return names
    }

    // MARK: - The default factory (Typhoon's `makeDefault` / `defaultFactory`), for code that cannot be handed the
    // factory, such as objects created by a framework: the one the current task was given with
    // `withDefaultFactory(_:operation:)`, otherwise the process-wide one.
    /// Makes this factory the process-wide default one, replacing any previous default. A task given
    /// a factory with `withDefaultFactory(_:operation:)` (or a test with MonsoonTesting's
    /// factory trait) sees that one instead.
    ///
    /// ```swift
    /// let factory = try BlockComponentFactory(manifest: manifestURL)
    /// factory.makeDefault()
    /// // anywhere, on any thread:
    /// let presenter = try BlockComponentFactory.requireDefault().resolve(ForecastPresenter.self)
    /// ```
    public func makeDefault() {
        defaultFactoryStorage.withLock { $0 = self }
    }

    /// The default factory: the current task's, if it was given one, otherwise the process-wide one,
    /// if one was made default.
    public static var defaultFactory: BlockComponentFactory? {
        TaskDefaultFactory.factory ?? defaultFactoryStorage.current
    }

    /// The default factory: the current task's, otherwise the process-wide one.
    ///
    /// - Throws: `ErrorKind.noDefaultFactory` when there is neither, as in a `Task.detached` started
    ///   inside `withDefaultFactory(_:operation:)`, which does not inherit its task's default factory.
    public static func requireDefault() throws(ResolutionError) -> BlockComponentFactory {
        try requireDefault(reader: "BlockComponentFactory.requireDefault()", passing: "pass the factory in")
    }

    /// The default factory, for `reader`, which the error names with the way to hand it one instead.
    static func requireDefault(reader: @autoclosure () -> String, passing: String) throws(ResolutionError) -> BlockComponentFactory {
        guard let factory = defaultFactory else { throw .noDefaultFactory(reader: reader(), passing: passing) }
        return factory
    }

    /// Clears the process-wide default factory, releasing it if nothing else holds it.
    public static func clearDefault() {
        defaultFactoryStorage.withLock { $0 = nil }
    }

    // MARK: - The public entry points of optional features that are one call on the factory; each feature's work
    // is in its own folder (Features/).
    /// The registry as a graph of definitions and injections; with `key`, the part of it reachable from
    /// the definition with that key.
    public func graph(from key: String? = nil) -> DependencyGraph {
        let whole = GraphBuilder(factory: self).graph
        return key.map(whole.subgraph(from:)) ?? whole
    }

    /// Runs `body` with resolution tracing on for this factory on this thread, and returns its result
    /// with the trace of every resolution it made.
    ///
    /// - Complexity: tracing records every component requested; leave it off in production paths.
    public func trace<T>(_ body: () throws -> T) rethrows -> (T, ResolutionTrace) {
        try ResolutionTracer.tracing(self, body)
    }

    /// The configuration an injection made in a body of `declaring`'s reads (see `AssemblyConfigurations`).
    func configuration(forAssembly declaring: ObjectIdentifier?, building definition: AnyDefinition?) -> Configuration {
        assemblyConfigurations.configuration(forAssembly: declaring, building: definition, directory: assemblies, global: configuration)
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

/// A name shared by two scopes of one's own that differ in holding or eagerness: `Scope("cache")` and
/// `Scope("cache", holding: .weakly)`, which a report, a graph and `reset` could not tell apart.
enum ScopeConflicts {
    /// The first conflict among `entries`, as a finding naming both scopes and a definition in each.
    static func finding(in entries: [RegistryEntry]) -> ValidationReport.Finding? {
        var first: [UInt16: RegistryEntry] = [:]
        for entry in entries where entry.scope.isResettable {
            guard let seen = first[entry.scope.number] else {
                first[entry.scope.number] = entry
                continue
            }
            if seen.scope != entry.scope { return .conflictingScopes(seen, entry) }
        }
        return nil
    }
}

/// Runs `operation` with `factory` as the default factory of the current task and of the tasks it
/// creates: what ``BlockComponentFactory/requireDefault()`` and `@Injected` properties read there, before
/// the process-wide default. Tests running in parallel each give their own, and never see another's.
///
/// ```swift
/// try withDefaultFactory(testFactory) {
///     let controller = ForecastViewController()   // its @Injected properties resolve from testFactory
///     …
/// }
/// ```
///
/// - Parameters:
///   - factory: the default factory while `operation` runs.
///   - operation: the code that sees it.
/// - Returns: what `operation` returns.
public func withDefaultFactory<R>(_ factory: BlockComponentFactory, operation: () throws -> R) rethrows -> R {
    try TaskDefaultFactory.$factory.withValue(factory, operation: operation)
}

/// Runs asynchronous `operation` with `factory` as the default factory of the current task and of the
/// tasks it creates; see the synchronous form.
///
/// - Parameters:
///   - factory: the default factory while `operation` runs.
///   - operation: the code that sees it.
/// - Returns: what `operation` returns.
nonisolated(nonsending)
public func withDefaultFactory<R>(_ factory: BlockComponentFactory, operation: () async throws -> R) async rethrows -> R {
    try await TaskDefaultFactory.$factory.withValue(factory, operation: operation)
}

/// The default factory a task was given.
enum TaskDefaultFactory {
    @TaskLocal static var factory: BlockComponentFactory?
}

/// The process-wide default factory behind a lock, so any thread may read or replace it.
private let defaultFactoryStorage = Locked<BlockComponentFactory?>(nil)

