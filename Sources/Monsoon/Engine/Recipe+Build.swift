/// How a definition's behaviour builds: where a resolution's build enters the recipe.
extension RecipeBehaviour {
    func buildComponent(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        let site = BuildSite(context, entry)
        if let specializedBuild { return try specializedBuild(self, site) }
        return try recipe.build(at: site)
    }
}

/// What a build asks of the resolution running it: the one engine type that a build compiled in the
/// assembly's module (`Recipe.build(at:)`, specialized for its component type) calls, and only on its
/// way through a component. The resolution's stack, pools, post-processors and messages stay behind
/// it, out of that module; what needs the component's type stays in front. The entry's flags the build
/// tests are copied in, so that the specialized code reads no engine object.
///
/// Made for one build by the resolution running it, which holds the context and the entry until the
/// build returns: the site refers to them unretained (see `UnretainedReference`), so that making one
/// costs no reference counting beyond its resolver's.
@usableFromInline
struct BuildSite {
    private let contextReference: UnretainedReference<ResolutionContext>
    private let entryReference: UnretainedReference<RegistryEntry>
    /// What the definition's closures resolve through.
    @usableFromInline let resolver: Resolver
    /// The entry's parent chain declares steps: they run before the definition's own, out of line.
    @usableFromInline let hasParent: Bool
    /// The definition injects properties or methods, or has beforeInjections hooks.
    @usableFromInline let injects: Bool
    @usableFromInline let hasAfterInjections: Bool
    /// Instance post-processors run on this resolution's builds.
    @usableFromInline let postProcessesInstances: Bool

    init(_ context: ResolutionContext, _ entry: RegistryEntry) {
        contextReference = UnretainedReference(context)
        entryReference = UnretainedReference(entry)
        resolver = Resolver(context: context)
        hasParent = entry.hasParent
        injects = entry.injects
        hasAfterInjections = entry.hasAfterInjections
        postProcessesInstances = context.hot.pointee.detours.postProcessesInstances
    }

    var context: ResolutionContext { contextReference.object }
    var entry: RegistryEntry { entryReference.object }

    /// Records the instance the initializer returned, so that a cycle back to it receives it, and runs
    /// the injections postponed until it existed.
    @usableFromInline
    func didInstantiate(_ instance: StoredInstance) throws {
        try context.didInstantiate(instance, for: entry)
    }

    /// Runs the instance post-processors. Generic out of line: it runs only where there are some.
    @usableFromInline
    func postProcessed<T>(_ instance: T) throws -> T {
        let processed = try context.factory.postProcess(instance, entry: entry, context: context)
        context.didReplace(StoredInstance(processed), for: entry)
        return processed
    }

    /// Records the injected value of a value component, so that later references receive it.
    @usableFromInline
    func didInject(_ instance: StoredInstance) {
        context.didReplace(instance, for: entry)
    }

    /// The frame a failed injection step waits for: the component it needs is still in its initializer
    /// (a mixed cycle, which Typhoon completes once that initializer returns); `nil` when it must fail.
    @usableFromInline
    func postponableFrame(after error: any Error) -> Int? {
        (error as? ResolutionError)?.postponableUntil
    }

    /// Runs `injection` when the frame at `frame` has its instance.
    @usableFromInline
    func postpone(until frame: Int, _ injection: @escaping () throws -> Void) {
        context.postpone(until: frame, injection)
    }

    /// The error a failed injection step throws, naming it.
    @usableFromInline
    func failure(_ error: any Error, at step: InjectionStep) -> any Error {
        switch error {
        case let error as ResolutionError: error.injecting(step.description(in: entry))
        case let error as FailedInjection: error
        default: FailedInjection(site: step.description(in: entry), underlying: error)
        }
    }

    /// Queues hooks for when the outermost resolution completes.
    @usableFromInline
    func deferAfterInjections(_ hook: @escaping () -> Void) {
        context.deferAfterInjections(hook)
    }

    /// The instance of a definition without an initializer of its own: its parent chain's.
    @usableFromInline
    func inheritedInstance<T>(as _: T.Type) throws -> T {
        guard let inherited = entry.inherited?.initializer else {
            throw ResolutionError.abstract(entry.key, path: context.path)
        }
        let built = try inherited(resolver)
        guard let typed = built as? T else {
            throw ResolutionError.typeMismatch(entry.key, builds: type(of: built), requested: T.self, path: context.path)
        }
        return typed
    }
}

// One resolution's, on its thread, like the resolver it holds.
@available(*, unavailable, message: "A build site belongs to one resolution on one thread.")
extension BuildSite: Sendable {}

extension Recipe {
    /// Builds one component: initializer, beforeInjections hooks, properties, methods, in that order,
    /// each phase running what the parent chain declares before the definition's own; then instance
    /// post-processors; afterInjections hooks are queued for when the outermost resolution completes.
    @inlinable
    func build(at site: BuildSite) throws -> Any {
        var instance = try makeInstance(at: site)
        try site.didInstantiate(StoredInstance(instance))
        return try completeBuild(of: &instance, at: site)
    }

    @inlinable
    func makeInstance(at site: BuildSite) throws -> T {
        if let make = initializer?.make { return try make(site.resolver) }
        return try site.inheritedInstance(as: T.self)
    }

    /// What follows the initializer: injections, instance post-processors, and the afterInjections
    /// hooks queued.
    @inlinable
    func completeBuild(of instance: inout T, at site: BuildSite) throws -> Any {
        try inject(into: &instance, at: site)
        var processed = instance
        if site.postProcessesInstances {
            processed = try site.postProcessed(instance)
        } else if !(T.self is AnyClass) {
            // A value component changed by its own injections: later references receive the injected value.
            site.didInject(StoredInstance(processed))
        }
        queueAfterInjections(for: processed, at: site)
        return processed
    }

    /// Applies this recipe's injections and hooks to a component built elsewhere.
    func injectExisting(_ existing: Any, in context: ResolutionContext, entry: RegistryEntry) throws -> Any {
        guard var instance = existing as? T else {
            throw ResolutionError.typeMismatch(entry.key, builds: entry.definition.declaredType, requested: type(of: existing), path: context.path)
        }
        let site = BuildSite(context, entry)
        try inject(into: &instance, at: site)
        queueAfterInjections(for: instance, at: site)
        return instance
    }

    @inlinable
    func inject(into instance: inout T, at site: BuildSite) throws {
        // Flags first: most components inject nothing of their own and inherit nothing, and walking
        // even empty arrays of generic closures costs metadata lookups.
        if site.hasParent {
            try applyInheritedAndOwnInjections(into: &instance, at: site)
        } else if site.injects {
            try applyOwnInjections(into: &instance, at: site)
        }
    }

    @inlinable
    func queueAfterInjections(for instance: T, at site: BuildSite) {
        guard site.hasParent || site.hasAfterInjections else { return }
        queueHooks(for: instance, at: site)
    }

    /// Out of line, like `applyOwnInjections`: most components have no hooks.
    @inlinable @inline(never)
    func queueHooks(for instance: T, at site: BuildSite) {
        if site.hasParent { return queueInheritedAndOwnAfterInjections(for: instance, at: site) }
        guard !afterInjections.isEmpty else { return }
        let hooks = afterInjections
        site.deferAfterInjections { for hook in hooks { hook(instance) } }
    }

    /// Out of line, so that a build of a component without injections carries none of this code: the
    /// optimizer otherwise merges the builds of several component types into one function that is
    /// passed each type's closures.
    @inlinable @inline(never)
    func applyOwnInjections(into instance: inout T, at site: BuildSite) throws {
        for hook in beforeInjections { hook(instance) }
        for property in properties {
            try run(property.apply, on: &instance, at: site, step: .property(property.keyPath))
        }
        for (index, method) in methods.enumerated() {
            try run(method.apply, on: &instance, at: site, step: .method(index))
        }
    }

    /// The injections of a definition with a parent: each phase runs what the parent chain declares
    /// before the definition's own. Generic code inside Monsoon, not compiled for the component type:
    /// a parent is rare, and its steps are erased anyway.
    @usableFromInline
    func applyInheritedAndOwnInjections(into instance: inout T, at site: BuildSite) throws {
        guard let inherited = site.entry.inherited else { return try applyOwnInjections(into: &instance, at: site) }
        for hook in inherited.beforeInjections { hook(instance) }
        for hook in beforeInjections { hook(instance) }
        for property in inherited.properties {
            try run(erasing(property.apply), on: &instance, at: site, step: .property(property.keyPath))
        }
        for property in properties {
            try run(property.apply, on: &instance, at: site, step: .property(property.keyPath))
        }
        // Inherited methods first, as the sites count them.
        for (index, method) in inherited.methods.enumerated() {
            try run(erasing(method.apply), on: &instance, at: site, step: .method(index))
        }
        for (index, method) in methods.enumerated() {
            try run(method.apply, on: &instance, at: site, step: .method(inherited.methods.count + index))
        }
    }

    /// Queues the parent chain's afterInjections hooks, then the definition's own.
    @usableFromInline
    func queueInheritedAndOwnAfterInjections(for instance: T, at site: BuildSite) {
        let inheritedHooks = site.entry.inherited?.afterInjections ?? []
        guard !afterInjections.isEmpty || !inheritedHooks.isEmpty else { return }
        let hooks = afterInjections
        site.deferAfterInjections {
            for hook in inheritedHooks { hook(instance) }
            for hook in hooks { hook(instance) }
        }
    }

    /// Runs one property or method injection. When it needs a component that is still in its initializer
    /// (a mixed cycle: that initializer is building this component), the injection is postponed until
    /// the initializer returns, as Typhoon does; only an object can receive an injection later.
    ///
    /// - Parameter step: the injection, named in the message when it fails.
    @inlinable
    func run(
        _ apply: @escaping (inout T, Resolver) throws -> Void, on instance: inout T, at site: BuildSite, step: InjectionStep
    ) throws {
        do {
            try apply(&instance, site.resolver)
        } catch {
            guard let frame = site.postponableFrame(after: error), type(of: instance as Any) is AnyClass else {
                throw site.failure(error, at: step)
            }
            let object = instance, resolver = site.resolver
            site.postpone(until: frame) {
                var target = object
                try apply(&target, resolver)
            }
        }
    }

    func erasing(_ step: @escaping (inout Any, Resolver) throws -> Void) -> (inout T, Resolver) throws -> Void {
        { instance, resolver in
            var erased: Any = instance
            try step(&erased, resolver)
            if let typed = erased as? T { instance = typed }
        }
    }
}

extension Recipe {
    /// Builds one component in an asynchronous resolution: the steps of `build(in:entry:)`, in the same
    /// order and on the same resolution stack, with two differences. Before the initializer, and again
    /// before the injections, the resolution produces what they inject (`ResolutionContext.prepare`), which
    /// may await an async initializer or go to the main actor; the steps then run synchronously and take
    /// those values. And an `async` initializer is awaited with its arguments already produced, outside
    /// every synchronous part of the resolution. A main-actor component's steps run on the main actor.
    ///
    /// The injections' values are produced once the component exists, so that a cycle back to it
    /// receives the half-built instance, as in a synchronous resolution.
    nonisolated(nonsending) func buildAsync(in context: ResolutionContext, entry: RegistryEntry) async throws -> Any {
        let site = BuildSite(context, entry)
        let resolver = site.resolver
        let onMainActor = entry.isMainActor
        let inherited = entry.hasParent ? entry.inherited : nil

        try await context.prepare(initializer?.dependencies ?? inherited?.initializerTargets ?? [])
        let instance: T
        if let makeAsync = initializer?.makeAsync {
            let pending = try await context.step(onMainActor: onMainActor) { try makeAsync(resolver) }
            instance = try await pending.run()
        } else if initializer == nil, let makeAsync = inherited?.initializerAsync {
            let pending = try await context.step(onMainActor: onMainActor) { try makeAsync(resolver) }
            let built = try await pending.run()
            guard let typed = built as? T else {
                throw ResolutionError.typeMismatch(entry.key, builds: type(of: built), requested: T.self, path: context.path)
            }
            instance = typed
        } else {
            instance = try await context.step(onMainActor: onMainActor) { try makeInstance(at: site) }
        }
        let made = instance
        try await context.step(onMainActor: onMainActor || context.hasPostponedMainActorInjections) {
            try context.didInstantiate(StoredInstance(made), for: entry)
        }

        try await context.prepare((inherited?.injectionTargets ?? []) + ownInjectionTargets)
        return try await context.step(onMainActor: onMainActor) {
            var injected = made
            return try completeBuild(of: &injected, at: site)
        }
    }

    /// What this recipe's own properties and methods inject.
    var ownInjectionTargets: [Dependency.Target] {
        if properties.isEmpty, methods.isEmpty { return [] }
        return properties.map(\.target) + methods.flatMap(\.targets)
    }
}

/// An error user code threw while a property or method injection ran, with the injection: carried to
/// where the build's failure becomes `ErrorKind.componentFailed`, which unwraps it, so that
/// the message names the property while `underlyingError` stays what the user threw.
struct FailedInjection: Error {
    /// The injection, as messages name it: `property \\Car.engine of CarAssembly.car()`.
    let site: String
    let underlying: any Error

    init(site: String, underlying: any Error) {
        self.site = site
        self.underlying = underlying
    }
}

/// Which injection of a component a build is running, for messages.
@usableFromInline
enum InjectionStep: Sendable {
    case property(AnyKeyPath & Sendable)
    /// By index among the component's injected methods, inherited ones first.
    case method(Int)

    /// `property \Car.engine of CarAssembly.car()`: made only when an injection fails.
    func description(in entry: RegistryEntry) -> String {
        switch self {
        case .property(let keyPath): "\(InjectionSite.property(keyPath)) of \(entry.key)"
        case .method(let index): "injected method \(index) of \(entry.key)"
        }
    }
}
