extension Recipe {
    /// Builds one component: initializer, beforeInjections hooks, properties, methods, in that order,
    /// each phase running what the parent chain declares before the definition's own; afterInjections
    /// hooks are queued for when the outermost resolution completes.
    func build(in context: ResolutionContext, entry: RegistryEntry) throws -> Any {
        let resolver = Resolver(context: context)
        let inherited = entry.inherited
        var instance = try makeInstance(resolver, inherited: inherited?.initializer, entry: entry, context: context)
        try context.didInstantiate(instance, for: entry)
        if let inherited {
            for hook in inherited.beforeInjections { hook(instance) }
            for hook in beforeInjections { hook(instance) }
            for property in inherited.properties { try applyErased(property.apply, to: &instance, resolver) }
            for property in properties { try property.apply(&instance, resolver) }
            for method in inherited.methods { try applyErased(method, to: &instance, resolver) }
            for method in methods { try method.apply(&instance, resolver) }
        } else {
            for hook in beforeInjections { hook(instance) }
            for property in properties { try property.apply(&instance, resolver) }
            for method in methods { try method.apply(&instance, resolver) }
        }
        let processed = try context.factory.postProcess(instance, entry: entry, path: context.path)
        let inheritedAfter = inherited?.afterInjections ?? []
        if !afterInjections.isEmpty || !inheritedAfter.isEmpty {
            let hooks = afterInjections
            context.deferAfterInjections {
                for hook in inheritedAfter { hook(processed) }
                for hook in hooks { hook(processed) }
            }
        }
        return processed
    }

    private func makeInstance(
        _ resolver: Resolver, inherited: (@Sendable (Resolver) throws -> Any)?, entry: RegistryEntry, context: ResolutionContext
    ) throws -> T {
        if let initializer { return try initializer.make(resolver) }
        guard let inherited else { throw ResolutionError.abstract(entry.key, path: context.path) }
        let built = try inherited(resolver)
        guard let typed = built as? T else {
            throw ResolutionError.typeMismatch(entry.key, builds: type(of: built), requested: T.self, path: context.path)
        }
        return typed
    }

    private func applyErased(_ step: (inout Any, Resolver) throws -> Void, to instance: inout T, _ resolver: Resolver) throws {
        var erased: Any = instance
        try step(&erased, resolver)
        if let typed = erased as? T { instance = typed }
    }
}
