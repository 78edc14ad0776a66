/// Why an injection could not be replaced, or why a replaced argument failed when built.
public struct InjectionRewriteError: Error, Sendable, CustomStringConvertible {
    /// The site, as ``InjectionSite/description`` says it.
    public let site: String
    /// What is wrong with the replacement.
    public let problem: String

    public var description: String { "Cannot inject \(site): \(problem)." }
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
            let rewrites = ArgumentRewrites([index: replacement])
            let make = initializer.make
            var targets = initializer.dependencies
            targets[index] = injection.target
            recipe.initializer = Initializer(dependencies: targets) { resolver in
                resolver.stage(rewrites)
                // Taken by the call; cleared again in case the call threw before taking them.
                defer { _ = resolver.takeRewrites() }
                return try make(resolver)
            }
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
            var targets = original.targets
            targets[argument] = injection.target
            recipe.methods[method] = MethodInjection(targets: targets) { instance, resolver in
                resolver.stage(rewrites)
                defer { _ = resolver.takeRewrites() }
                try original.apply(&instance, resolver)
            }
        }
        return RecipeBehaviour(recipe, dependencies: recipe.dependencies, specializedBuild: nil, specializedMake: nil)
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
    ///   not `V`. An initializer or method argument's type is only known to the compiled call, so a
    ///   replacement of the wrong type fails when the component is built, with the same error as the
    ///   underlying error of `ResolutionError.Kind.componentFailed`.
    public mutating func replaceInjection<V>(at site: InjectionSite, with source: some Injectable<V>) throws(InjectionRewriteError) {
        definition = try definition.rewriting(site, with: source.injection)
    }
}
