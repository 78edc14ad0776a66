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
        maximumDepth: Int = 1_000,
        sharedBuildWait: Duration = .seconds(30),
        onResolutionFailure: (@Sendable (ResolutionError) -> Void)? = nil
    ) throws(ActivationError) {
        try self.init(assemblies: assemblies, excluding: [], configuration: configuration,
                      definitionPostProcessors: definitionPostProcessors, instancePostProcessors: instancePostProcessors,
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
    @usableFromInline func postProcess<T>(_ instance: T, entry: RegistryEntry, context: ResolutionContext) throws(ResolutionError) -> T {
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
}
