extension Recipe {
    /// Builds one component: initializer, beforeInjections hooks, properties, methods, in that order;
    /// afterInjections hooks are queued for when the outermost resolution completes.
    func build(in context: ResolutionContext, entry: RegistryEntry) throws -> Any {
        guard let initializer else { throw ResolutionError.abstract(entry.key, path: context.path) }
        let resolver = Resolver(context: context)
        var instance = try initializer.make(resolver)
        try context.didInstantiate(instance, for: entry)
        for hook in beforeInjections { hook(instance) }
        for property in properties { try property.apply(&instance, resolver) }
        for method in methods { try method.apply(&instance, resolver) }
        if !afterInjections.isEmpty {
            let hooks = afterInjections
            let injected = instance
            context.deferAfterInjections { for hook in hooks { hook(injected) } }
        }
        return instance
    }
}
