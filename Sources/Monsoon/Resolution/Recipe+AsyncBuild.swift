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
