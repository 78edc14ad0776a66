/// Why an injection could not be replaced, or why a replaced argument failed when built.
public struct InjectionRewriteError: Error, Sendable, CustomStringConvertible {
    /// The site, as ``InjectionSite/description`` says it.
    public let site: String
    /// What is wrong with the replacement.
    public let problem: String

    public var description: String { "Cannot inject \(site): \(problem)." }

    static func mismatch(site: String, replacement: Any.Type, parameter: Any.Type) -> Self {
        Self(site: site, problem: "it was replaced by an injection of \(typeName(replacement)), and the parameter takes \(typeName(parameter))")
    }
}

extension Initializer {
    /// This initializer, handing `rewrites` to its compiled call: the synchronous call, and for an
    /// `async` initializer the one that produces its arguments.
    func staging(_ rewrites: ArgumentRewrites, dependencies: [Dependency.Target]) -> Initializer {
        if let makeAsync {
            return Initializer(dependencies: dependencies, parameterTypes: parameterTypes) { resolver in
                resolver.stage(rewrites)
                defer { _ = resolver.takeRewrites() }
                return try makeAsync(resolver)
            }
        }
        let make = self.make
        return Initializer(dependencies: dependencies, parameterTypes: parameterTypes, takesRewrites: true) { resolver in
            resolver.stage(rewrites)
            // Taken by the call; cleared again in case the call threw before taking them.
            defer { _ = resolver.takeRewrites() }
            return try make(resolver)
        }
    }
}

extension RecipeBehaviour {
    var injectionSites: [InjectionSite] { dependencies.map(\.site) }

    func rewriting<V>(_ site: InjectionSite, with injection: Injection<V>) throws(InjectionRewriteError) -> any DefinitionBehaviour {
        guard injectionSites.contains(site) else {
            throw InjectionRewriteError(site: site.description, problem: "the definition has no such injection; its sites are "
                + (injectionSites.isEmpty ? "none" : injectionSites.map(\.description).joined(separator: ", ")))
        }
        var recipe = self.recipe
        let replacement = ArgumentRewrites.Replacement(produce: injection.produce, producedType: V.self, site: site.description)
        switch site {
        case .initializerArgument(let index):
            guard let initializer = recipe.initializer else { break }
            guard initializer.takesRewrites else { throw Self.opaque(site) }
            try Self.check(V.self, against: initializer.parameterTypes, at: index, site: site)
            let rewrites = ArgumentRewrites([index: replacement])
            var targets = initializer.dependencies
            targets[index] = injection.target
            recipe.initializer = initializer.staging(rewrites, dependencies: targets)
        case .property(let keyPath):
            guard keyPath is WritableKeyPath<T, V> || keyPath is WritableKeyPath<T, V?> else {
                throw InjectionRewriteError(site: site.description,
                                            problem: "the property's type is neither \(typeName(V.self)) nor \(typeName(V?.self))")
            }
            guard let position = recipe.properties.firstIndex(where: { $0.keyPath == keyPath }) else { break }
            recipe.properties[position] = PropertyInjection(keyPath: keyPath, target: injection.target, cast: nil) { instance, resolver in
                // Checked above; cast again because a typed key path is not known to be Sendable.
                if let typed = keyPath as? WritableKeyPath<T, V> {
                    instance[keyPath: typed] = try injection.produce(resolver)
                } else if let optional = keyPath as? WritableKeyPath<T, V?> {
                    instance[keyPath: optional] = try injection.produce(resolver)
                }
            }
        case .methodArgument(let method, let argument):
            let rewrites = ArgumentRewrites([argument: replacement])
            let original = recipe.methods[method]
            guard original.takesRewrites else { throw Self.opaque(site) }
            try Self.check(V.self, against: original.parameterTypes, at: argument, site: site)
            var targets = original.targets
            targets[argument] = injection.target
            recipe.methods[method] = MethodInjection(targets: targets, parameterTypes: original.parameterTypes) { instance, resolver in
                resolver.stage(rewrites)
                defer { _ = resolver.takeRewrites() }
                try original.apply(&instance, resolver)
            }
        }
        return RecipeBehaviour(recipe, dependencies: recipe.dependencies, specializedBuild: nil, specializedMake: nil)
    }

    /// Refuses a replacement no value of which the parameter could ever take; one that only an instance
    /// can tell (a protocol parameter, say) is checked when the component is built.
    private static func check(_ replacement: Any.Type, against parameterTypes: [Any.Type], at index: Int, site: InjectionSite) throws(InjectionRewriteError) {
        guard parameterTypes.indices.contains(index),
              CastFeasibility.neverSucceeds(from: replacement, to: parameterTypes[index]) else { return }
        throw InjectionRewriteError.mismatch(site: site.description, replacement: replacement, parameter: parameterTypes[index])
    }

    private static func opaque(_ site: InjectionSite) -> InjectionRewriteError {
        InjectionRewriteError(site: site.description,
                              problem: "it is a closure that resolves what it needs itself, so it has no argument to replace; replace the whole definition instead")
    }
}

extension RegisteredDefinition {
    /// Every place this definition injects something, in order: initializer arguments, properties,
    /// then the arguments of injected methods.
    public var injectionSites: [InjectionSite] { definition.behaviour.injectionSites }

    /// Replaces one injection of this definition: an initializer argument, a property or an argument of
    /// an injected method. The rest of the definition (its initializer, other injections, hooks, scope)
    /// stays as declared.
    ///
    /// ```swift
    /// struct SlowHorses: DefinitionPostProcessor {
    ///     func process(_ definition: inout RegisteredDefinition) throws {
    ///         guard definition.key == "QuestAssembly.knight()" else { return }
    ///         try definition.replaceInjection(at: .initializerArgument(1), with: .value(Horse(name: "Plodder")))
    ///         try definition.replaceInjection(at: .property(\Knight.damselsRescued), with: .value(0))
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``InjectionRewriteError`` when the definition has no such site or a property's type is
    ///   not `V`, or when no `V` could ever be passed as the initializer or method argument (a `String`
    ///   for a `Horse`). A replacement only an instance can tell (a value for a protocol parameter) is
    ///   checked when the component is built, failing with this error as the underlying error of
    ///   `ResolutionError.Kind.componentFailed`.
    public mutating func replaceInjection<V>(at site: InjectionSite, with source: some Injectable<V>) throws(InjectionRewriteError) {
        definition = try definition.rewriting(site, with: source.injection)
    }
}
