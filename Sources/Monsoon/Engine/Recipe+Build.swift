/// How a definition's behaviour builds: where a resolution's build enters the recipe.
extension RecipeBehaviour {
    func buildComponent(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        if let specializedBuild { return try specializedBuild(self, context, entry) }
        return try recipe.build(in: context, entry: entry)
    }
}

extension Recipe {
    /// Builds one component: initializer, beforeInjections hooks, properties, methods, in that order,
    /// each phase running what the parent chain declares before the definition's own; then instance
    /// post-processors; afterInjections hooks are queued for when the outermost resolution completes.
    @inlinable
    func build(in context: ResolutionContext, entry: RegistryEntry) throws -> Any {
        let resolver = Resolver(context: context)
        var instance = try makeInstance(resolver, entry: entry, context: context)
        try context.didInstantiate(StoredInstance(instance), for: entry)
        return try completeBuild(of: &instance, entry: entry, resolver: resolver, context: context)
    }

    /// What follows the initializer: injections, instance post-processors, and the afterInjections
    /// hooks queued.
    @inlinable
    func completeBuild(of instance: inout T, entry: RegistryEntry, resolver: Resolver, context: ResolutionContext) throws -> Any {
        try inject(into: &instance, entry: entry, resolver: resolver, context: context)
        var processed = instance
        if context.hot.pointee.detours.postProcessesInstances {
            processed = try context.factory.postProcess(instance, entry: entry, context: context)
            context.didReplace(StoredInstance(processed), for: entry)
        } else if !(T.self is AnyClass) {
            // A value component changed by its own injections: later references receive the injected value.
            context.didReplace(StoredInstance(processed), for: entry)
        }
        queueAfterInjections(for: processed, entry: entry, context: context)
        return processed
    }

    /// Applies this recipe's injections and hooks to a component built elsewhere.
    func injectExisting(_ existing: Any, in context: ResolutionContext, entry: RegistryEntry) throws -> Any {
        guard var instance = existing as? T else {
            throw ResolutionError.typeMismatch(entry.key, builds: entry.definition.declaredType, requested: type(of: existing), path: context.path)
        }
        try inject(into: &instance, entry: entry, resolver: Resolver(context: context), context: context)
        queueAfterInjections(for: instance, entry: entry, context: context)
        return instance
    }

    @inlinable
    func inject(into instance: inout T, entry: RegistryEntry, resolver: Resolver, context: ResolutionContext) throws {
        // Flags first: most components inject nothing of their own and inherit nothing, and walking
        // even empty arrays of generic closures costs metadata lookups.
        guard entry.hasParent || entry.injects else { return }
        try applyInjections(into: &instance, entry: entry, resolver: resolver, context: context)
    }

    /// Out of line, so that a build of a component without injections carries none of this code: the
    /// optimizer otherwise merges the builds of several component types into one function that is
    /// passed each type's closures.
    @inlinable @inline(never)
    func applyInjections(into instance: inout T, entry: RegistryEntry, resolver: Resolver, context: ResolutionContext) throws {
        // Copying `inherited` (arrays of closures) just to test it for nil costs retains.
        guard entry.hasParent, let inherited = entry.inherited else {
            for hook in beforeInjections { hook(instance) }
            for property in properties {
                try run(property.apply, on: &instance, resolver, context, site: .property(property.keyPath), of: entry)
            }
            for (index, method) in methods.enumerated() {
                try run(method.apply, on: &instance, resolver, context, site: .method(index), of: entry)
            }
            return
        }
        for hook in inherited.beforeInjections { hook(instance) }
        for hook in beforeInjections { hook(instance) }
        for property in inherited.properties {
            try run(erasing(property.apply), on: &instance, resolver, context, site: .property(property.keyPath), of: entry)
        }
        for property in properties {
            try run(property.apply, on: &instance, resolver, context, site: .property(property.keyPath), of: entry)
        }
        // Inherited methods first, as the sites count them.
        for (index, method) in inherited.methods.enumerated() {
            try run(erasing(method.apply), on: &instance, resolver, context, site: .method(index), of: entry)
        }
        for (index, method) in methods.enumerated() {
            try run(method.apply, on: &instance, resolver, context, site: .method(inherited.methods.count + index), of: entry)
        }
    }

    /// Runs one property or method injection. When it needs a component that is still in its initializer
    /// (a mixed cycle: that initializer is building this component), the injection is postponed until
    /// the initializer returns, as Typhoon does; only an object can receive an injection later.
    ///
    /// - Parameter site: the injection, named in the message when it fails.
    @inlinable
    func run(
        _ step: @escaping (inout T, Resolver) throws -> Void, on instance: inout T, _ resolver: Resolver,
        _ context: ResolutionContext, site: InjectionStep, of entry: RegistryEntry
    ) throws {
        do {
            try step(&instance, resolver)
        } catch let error as ResolutionError {
            guard let frame = error.postponableUntil, type(of: instance as Any) is AnyClass else { throw error.injecting(site.description(in: entry)) }
            let object = instance
            context.postpone(until: frame) {
                var target = object
                try step(&target, resolver)
            }
        } catch let error as FailedInjection {
            throw error
        } catch {
            throw FailedInjection(site: site.description(in: entry), underlying: error)
        }
    }

    @inlinable
    func queueAfterInjections(for instance: T, entry: RegistryEntry, context: ResolutionContext) {
        guard entry.hasAfterInjections || entry.hasParent else { return }
        let inheritedHooks = entry.inherited?.afterInjections ?? []
        guard !afterInjections.isEmpty || !inheritedHooks.isEmpty else { return }
        let hooks = afterInjections
        context.deferAfterInjections {
            for hook in inheritedHooks { hook(instance) }
            for hook in hooks { hook(instance) }
        }
    }

    @inlinable
    func makeInstance(_ resolver: Resolver, entry: RegistryEntry, context: ResolutionContext) throws -> T {
        if let make = initializer?.make { return try make(resolver) }
        guard let inherited = entry.inherited?.initializer else {
            throw ResolutionError.abstract(entry.key, path: context.path)
        }
        let built = try inherited(resolver)
        guard let typed = built as? T else {
            throw ResolutionError.typeMismatch(entry.key, builds: type(of: built), requested: T.self, path: context.path)
        }
        return typed
    }

    @inlinable
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
            instance = try await context.step(onMainActor: onMainActor) { try makeInstance(resolver, entry: entry, context: context) }
        }
        let made = instance
        try await context.step(onMainActor: onMainActor || context.hasPostponedMainActorInjections) {
            try context.didInstantiate(StoredInstance(made), for: entry)
        }

        try await context.prepare((inherited?.injectionTargets ?? []) + ownInjectionTargets)
        return try await context.step(onMainActor: onMainActor) {
            var injected = made
            return try completeBuild(of: &injected, entry: entry, resolver: resolver, context: context)
        }
    }

    /// What this recipe's own properties and methods inject.
    var ownInjectionTargets: [Dependency.Target] {
        if properties.isEmpty, methods.isEmpty { return [] }
        return properties.map(\.target) + methods.flatMap(\.targets)
    }
}

/// The replaced arguments of one call (an initializer or an injected method), by site index: how a
/// definition post-processor's ``RegisteredDefinition/replaceInjection(at:with:)`` reaches arguments
/// that the definition's compiled call produces itself.
@usableFromInline
final class ArgumentRewrites: Sendable {
    let producers: [Int: Replacement]

    struct Replacement: Sendable {
        let produce: @Sendable (Resolver) throws -> Any
        /// What the post-processor said it produces, for the message when the parameter takes another type.
        let producedType: Any.Type
        /// The site, as messages name it: `initializer argument 1`.
        let site: String
    }

    init(_ producers: [Int: Replacement]) {
        self.producers = producers
    }

    /// These rewrites, with `earlier` ones filling the sites these do not replace.
    func merging(under earlier: ArgumentRewrites) -> ArgumentRewrites {
        ArgumentRewrites(producers.merging(earlier.producers) { mine, _ in mine })
    }

    /// Calls `function` with each argument produced by its rewrite when it has one, by its own producer
    /// otherwise.
    @usableFromInline
    func call<Result, each Value>(
        _ function: (repeat each Value) throws -> Result, producers: repeat @escaping @Sendable (Resolver) throws -> each Value,
        resolver: Resolver, firstIndex: Int
    ) throws -> Result {
        var index = firstIndex
        func next<V>(_ producer: @Sendable (Resolver) throws -> V) throws -> V {
            defer { index += 1 }
            return try value(at: index, as: V.self, resolver: resolver) ?? producer(resolver)
        }
        return try function(repeat try next(each producers))
    }

    /// A factory-method definition's call: the factory (site 0) and then the method's arguments, each
    /// produced by its rewrite when rewrites were staged for this call.
    @usableFromInline
    static func callFactoryMethod<Factory, Result, each Source: Injectable>(
        factory: @Sendable (Resolver) throws -> Factory,
        _ method: @Sendable (Factory) -> (repeat (each Source).Value) throws -> Result,
        _ pack: InjectionPack<repeat each Source>, resolver: Resolver
    ) throws -> Result {
        guard let rewrites = resolver.takeRewrites() else {
            return try pack.call(method(try factory(resolver)), resolver: resolver, firstIndex: 1)
        }
        let made = try rewrites.value(at: 0, as: Factory.self, resolver: resolver) ?? factory(resolver)
        return try rewrites.call(method(made), producers: repeat each pack.producers, resolver: resolver, firstIndex: 1)
    }

    private func value<V>(at index: Int, as type: V.Type, resolver: Resolver) throws -> V? {
        guard let replacement = producers[index] else { return nil }
        let produced = try replacement.produce(resolver)
        guard let value = produced as? V else {
            throw DefinitionRewriteError.mismatch(site: replacement.site, replacement: replacement.producedType, parameter: V.self)
        }
        return value
    }
}

/// An error user code threw while a property or method injection ran, with the injection: carried to
/// where the build's failure becomes `ErrorKind.componentFailed`, which unwraps it, so that
/// the message names the property while `underlyingError` stays what the user threw.
@usableFromInline
struct FailedInjection: Error {
    /// The injection, as messages name it: `property \\Car.engine of CarAssembly.car()`.
    let site: String
    let underlying: any Error

    @usableFromInline
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
    @usableFromInline
    func description(in entry: RegistryEntry) -> String {
        switch self {
        case .property(let keyPath): "\(InjectionSite.property(keyPath)) of \(entry.key)"
        case .method(let index): "injected method \(index) of \(entry.key)"
        }
    }
}
