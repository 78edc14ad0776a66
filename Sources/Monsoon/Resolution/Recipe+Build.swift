/// How a definition's behaviour builds: where a resolution's build enters the recipe.
extension RecipeBehaviour {
    func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        if let specializedBuild { return try specializedBuild(context, entry) }
        return try recipe.build(in: context, entry: entry)
    }

    nonisolated(nonsending) func buildAsync(_ context: ResolutionContext, _ entry: RegistryEntry) async throws -> Any {
        try await recipe.buildAsync(in: context, entry: entry)
    }

    func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        try recipe.injectExisting(existing, in: context, entry: entry)
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
