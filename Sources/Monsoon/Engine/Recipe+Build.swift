/// How a definition's behaviour builds: where a resolution's build enters the recipe.
extension RecipeBehaviour {
    func buildComponent(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        if let specializedBuild { return try specializedBuild(self, context, entry) }
        return try recipe.build(in: context, entry: entry)
    }
}

/// What a build asks of the resolution running it: all that a build compiled in the assembly's module
/// (`Recipe.build(in:entry:)`, specialized for its component type) calls of the engine, on its way
/// through a component. The resolution's stack, pools, post-processors and messages stay behind it,
/// out of that module; what needs the component's type stays in front.
///
/// A protocol, not a struct of the resolution and the entry: passed as an existential of the context
/// it costs no reference counting (a struct holding the two retained both, about 45 instructions a
/// component), and its calls cost what the context's own methods did.
@usableFromInline
protocol BuildContext: AnyObject {
    /// A resolver for the definition's closures, valid while this resolution runs.
    func makeResolver() -> Resolver
    /// Whether instance post-processors run on this resolution's builds.
    var postProcessesInstances: Bool { get }
    /// Records the instance the initializer returned, so that a cycle back to it receives it, and runs
    /// the injections postponed until it existed.
    func didInstantiate(_ instance: StoredInstance, for entry: RegistryEntry) throws(ResolutionError)
    /// Runs the instance post-processors (generic out of line: only where there are some).
    func postProcessed<T>(_ instance: T, for entry: RegistryEntry) throws -> T
    /// Records the injected value of a value component, so that later references receive it.
    func didReplace(_ instance: StoredInstance, for entry: RegistryEntry)
    /// The frame a failed injection step waits for: the component it needs is still in its initializer
    /// (a mixed cycle, which Typhoon completes once that initializer returns); `nil` when it must fail.
    func postponableFrame(after error: any Error) -> Int?
    /// Runs `injection` when the frame at `frame` has its instance.
    func postpone(until frame: Int, _ injection: @escaping () throws -> Void)
    /// The error a failed injection step throws, naming it.
    func failure(_ error: any Error, at step: InjectionStep, of entry: RegistryEntry) -> any Error
    /// Queues a hook for when the outermost resolution completes.
    func deferAfterInjections(_ hook: @escaping () -> Void)
    /// The instance of a definition without an initializer of its own: its parent chain's.
    func inheritedInstance<T>(of entry: RegistryEntry, as: T.Type, resolver: Resolver) throws -> T
}

extension ResolutionContext: BuildContext {
    func makeResolver() -> Resolver { Resolver(context: self) }

    var postProcessesInstances: Bool { hot.pointee.detours.postProcessesInstances }

    func postProcessed<T>(_ instance: T, for entry: RegistryEntry) throws -> T {
        let processed = try factory.postProcess(instance, entry: entry, context: self)
        didReplace(StoredInstance(processed), for: entry)
        return processed
    }

    func postponableFrame(after error: any Error) -> Int? {
        (error as? ResolutionError)?.postponableUntil
    }

    func failure(_ error: any Error, at step: InjectionStep, of entry: RegistryEntry) -> any Error {
        switch error {
        case let error as ResolutionError: error.injecting(step.description(in: entry))
        case let error as FailedInjection: error
        default: FailedInjection(site: step.description(in: entry), underlying: error)
        }
    }

    func inheritedInstance<T>(of entry: RegistryEntry, as _: T.Type, resolver: Resolver) throws -> T {
        guard let inherited = entry.inherited?.initializer else {
            throw ResolutionError.abstract(entry.key, path: path)
        }
        let built = try inherited(resolver)
        guard let typed = built as? T else {
            throw ResolutionError.typeMismatch(entry.key, builds: type(of: built), requested: T.self, path: path)
        }
        return typed
    }
}

extension Recipe {
    /// Builds one component: initializer, beforeInjections hooks, properties, methods, in that order,
    /// each phase running what the parent chain declares before the definition's own; then instance
    /// post-processors; afterInjections hooks are queued for when the outermost resolution completes.
    @inlinable
    func build(in context: any BuildContext, entry: RegistryEntry) throws -> Any {
        let resolver = context.makeResolver()
        var instance = try makeInstance(resolver, context, entry)
        try context.didInstantiate(StoredInstance(instance), for: entry)
        return try completeBuild(of: &instance, resolver, context, entry)
    }

    @inlinable
    func makeInstance(_ resolver: Resolver, _ context: any BuildContext, _ entry: RegistryEntry) throws -> T {
        if let make = initializer?.make { return try make(resolver) }
        return try context.inheritedInstance(of: entry, as: T.self, resolver: resolver)
    }

    /// What follows the initializer: injections, instance post-processors, and the afterInjections
    /// hooks queued.
    @inlinable
    func completeBuild(of instance: inout T, _ resolver: Resolver, _ context: any BuildContext, _ entry: RegistryEntry) throws -> Any {
        try inject(into: &instance, resolver, context, entry)
        var processed = instance
        if context.postProcessesInstances {
            processed = try context.postProcessed(instance, for: entry)
        } else if !(T.self is AnyClass) {
            // A value component changed by its own injections: later references receive the injected value.
            context.didReplace(StoredInstance(processed), for: entry)
        }
        queueAfterInjections(for: processed, context, entry)
        return processed
    }

    /// Applies this recipe's injections and hooks to a component built elsewhere.
    func injectExisting(_ existing: Any, in context: ResolutionContext, entry: RegistryEntry) throws -> Any {
        guard var instance = existing as? T else {
            throw ResolutionError.typeMismatch(entry.key, builds: entry.definition.declaredType, requested: type(of: existing), path: context.path)
        }
        try inject(into: &instance, Resolver(context: context), context, entry)
        queueAfterInjections(for: instance, context, entry)
        return instance
    }

    @inlinable
    func inject(into instance: inout T, _ resolver: Resolver, _ context: any BuildContext, _ entry: RegistryEntry) throws {
        // Flags first: most components inject nothing of their own and inherit nothing, and walking
        // even empty arrays of generic closures costs metadata lookups.
        if entry.hasParent {
            try applyInheritedAndOwnInjections(into: &instance, resolver, context, entry)
        } else if entry.injects {
            try applyOwnInjections(into: &instance, resolver, context, entry)
        }
    }

    @inlinable
    func queueAfterInjections(for instance: T, _ context: any BuildContext, _ entry: RegistryEntry) {
        guard entry.hasParent || entry.hasAfterInjections else { return }
        queueHooks(for: instance, context, entry)
    }

    /// Out of line, like `applyOwnInjections`: most components have no hooks.
    @inlinable @inline(never)
    func queueHooks(for instance: T, _ context: any BuildContext, _ entry: RegistryEntry) {
        if entry.hasParent { return queueInheritedAndOwnAfterInjections(for: instance, context, entry) }
        guard !afterInjections.isEmpty else { return }
        let hooks = afterInjections
        context.deferAfterInjections { for hook in hooks { hook(instance) } }
    }

    /// Out of line, so that a build of a component without injections carries none of this code: the
    /// optimizer otherwise merges the builds of several component types into one function that is
    /// passed each type's closures.
    @inlinable @inline(never)
    func applyOwnInjections(into instance: inout T, _ resolver: Resolver, _ context: any BuildContext, _ entry: RegistryEntry) throws {
        for hook in beforeInjections { hook(instance) }
        for property in properties {
            try run(property.apply, on: &instance, resolver, context, step: .property(property.keyPath), of: entry)
        }
        for (index, method) in methods.enumerated() {
            try run(method.apply, on: &instance, resolver, context, step: .method(index), of: entry)
        }
    }

    /// The injections of a definition with a parent: each phase runs what the parent chain declares
    /// before the definition's own. Generic code inside Monsoon, not compiled for the component type:
    /// a parent is rare, and its steps are erased anyway.
    @usableFromInline
    func applyInheritedAndOwnInjections(into instance: inout T, _ resolver: Resolver, _ context: any BuildContext, _ entry: RegistryEntry) throws {
        guard let inherited = entry.inherited else { return try applyOwnInjections(into: &instance, resolver, context, entry) }
        for hook in inherited.beforeInjections { hook(instance) }
        for hook in beforeInjections { hook(instance) }
        for property in inherited.properties {
            try run(erasing(property.apply), on: &instance, resolver, context, step: .property(property.keyPath), of: entry)
        }
        for property in properties {
            try run(property.apply, on: &instance, resolver, context, step: .property(property.keyPath), of: entry)
        }
        // Inherited methods first, as the sites count them.
        for (index, method) in inherited.methods.enumerated() {
            try run(erasing(method.apply), on: &instance, resolver, context, step: .method(index), of: entry)
        }
        for (index, method) in methods.enumerated() {
            try run(method.apply, on: &instance, resolver, context, step: .method(inherited.methods.count + index), of: entry)
        }
    }

    /// Queues the parent chain's afterInjections hooks, then the definition's own.
    @usableFromInline
    func queueInheritedAndOwnAfterInjections(for instance: T, _ context: any BuildContext, _ entry: RegistryEntry) {
        let inheritedHooks = entry.inherited?.afterInjections ?? []
        guard !afterInjections.isEmpty || !inheritedHooks.isEmpty else { return }
        let hooks = afterInjections
        context.deferAfterInjections {
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
        _ apply: @escaping (inout T, Resolver) throws -> Void, on instance: inout T, _ resolver: Resolver,
        _ context: any BuildContext, step: InjectionStep, of entry: RegistryEntry
    ) throws {
        do {
            try apply(&instance, resolver)
        } catch {
            guard let frame = context.postponableFrame(after: error), type(of: instance as Any) is AnyClass else {
                throw context.failure(error, at: step, of: entry)
            }
            let object = instance
            context.postpone(until: frame) {
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
        let resolver = Resolver(context: context)
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
            instance = try await context.step(onMainActor: onMainActor) { try makeInstance(resolver, context, entry) }
        }
        let made = instance
        try await context.step(onMainActor: onMainActor || context.hasPostponedMainActorInjections) {
            try context.didInstantiate(StoredInstance(made), for: entry)
        }

        try await context.prepare((inherited?.injectionTargets ?? []) + ownInjectionTargets)
        return try await context.step(onMainActor: onMainActor) {
            var injected = made
            return try completeBuild(of: &injected, resolver, context, entry)
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
