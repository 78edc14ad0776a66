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
    func rewritingRecipe<V>(_ site: InjectionSite, with injection: Injection<V>) throws(DefinitionRewriteError) -> AnyDefinition.Box {
        guard injectionSites.contains(site) else { throw .noSuchSite(site, sites: injectionSites) }
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
            guard keyPath is WritableKeyPath<T, V> || keyPath is WritableKeyPath<T, V?> else { throw .propertyType(site: site, V.self) }
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
            recipe.methods[method] = try Self.rewritten(recipe.methods[method], argument: argument, with: replacement, target: injection.target,
                                                        site: site)
        }
        return rewritten(recipe)
    }

    func checkRecipeRewrite(ofMethod method: Int, _ rewrite: InheritedSteps.MethodRewrite) throws(DefinitionRewriteError) {
        guard recipe.methods.indices.contains(method), recipe.methods[method].targets.indices.contains(rewrite.argument) else {
            throw .noSuchSite(rewrite.site, sites: injectionSites)
        }
        _ = try Self.rewritten(recipe.methods[method], argument: rewrite.argument, with: rewrite.replacement, target: rewrite.target,
                               site: rewrite.site)
    }

    /// `method` erased for a descendant, which may rewrite its arguments.
    static func inheritable(_ method: MethodInjection<T>) -> InheritedSteps.Method {
        InheritedSteps.Method(apply: Recipe<T>.erase(method.apply), targets: method.targets) { rewrite throws(DefinitionRewriteError) in
            try inheritable(rewritten(method, argument: rewrite.argument, with: rewrite.replacement, target: rewrite.target, site: rewrite.site))
        }
    }

    func rewritingRecipeInheritedMethod(_ index: Int, _ rewrite: InheritedSteps.MethodRewrite) -> AnyDefinition.Box {
        var recipe = self.recipe
        recipe.inheritedMethodRewrites[index, default: []].append(rewrite)
        return rewritten(recipe)
    }

    /// `method` passing `replacement` as its `argument`-th argument.
    private static func rewritten(
        _ method: MethodInjection<T>, argument: Int, with replacement: ArgumentRewrites.Replacement, target: Dependency.Target,
        site: InjectionSite
    ) throws(DefinitionRewriteError) -> MethodInjection<T> {
        let rewrites = ArgumentRewrites([argument: replacement])
        guard method.takesRewrites else { throw Self.opaque(site) }
        guard method.targets.indices.contains(argument) else {
            throw DefinitionRewriteError(site: site.description, problem: "the method takes \(method.targets.count) arguments")
        }
        try Self.check(replacement.producedType, against: method.parameterTypes, at: argument, site: site)
        var targets = method.targets
        targets[argument] = target
        return MethodInjection(targets: targets, parameterTypes: method.parameterTypes, takesRewrites: true) { instance, resolver in
            resolver.stage(rewrites)
            defer { _ = resolver.takeRewrites() }
            try method.apply(&instance, resolver)
        }
    }

    /// This behaviour with `provider`'s initializer as its own: the initializer a definition without one
    /// inherits, taken over so that its arguments can be replaced.
    func adoptingRecipeInitializer(of provider: AnyDefinition) throws(DefinitionRewriteError) -> AnyDefinition.Box {
        // Activation refuses a child that would inherit an initializer building another type.
        guard let source = provider.box as? RecipeBehaviour<T>, let initializer = source.recipe.initializer else {
            throw DefinitionRewriteError(site: "the initializer", problem: "it is inherited from \(provider.function), which builds "
                + "\(typeName(provider.declaredType)), not \(typeName(T.self))")
        }
        var recipe = self.recipe
        recipe.initializer = initializer
        return rewritten(recipe)
    }

    /// This behaviour injecting the property at an ancestor's `keyPath` itself, with `injection`: the
    /// ancestor's injection of it is then dropped, as for any property a child injects again.
    func overridingInheritedProperty<V>(_ keyPath: AnyKeyPath & Sendable, with injection: Injection<V>) throws(DefinitionRewriteError) -> AnyDefinition.Box {
        guard InheritedProperty.accepts(V.self, at: keyPath) else { throw .propertyType(site: .property(keyPath), V.self) }
        var recipe = self.recipe
        recipe.properties.append(PropertyInjection(keyPath: keyPath, target: injection.target, cast: nil) { instance, resolver in
            InheritedProperty.assign(try injection.produce(resolver), at: keyPath, in: &instance)
        })
        return rewritten(recipe)
    }

    /// Refuses a replacement no value of which the parameter could ever take; one that only an instance
    /// can tell (a protocol parameter, say) is checked when the component is built.
    private static func check(_ replacement: Any.Type, against parameterTypes: [Any.Type], at index: Int, site: InjectionSite) throws(DefinitionRewriteError) {
        guard parameterTypes.indices.contains(index),
              CastFeasibility.neverSucceeds(from: replacement, to: parameterTypes[index]) else { return }
        throw DefinitionRewriteError.mismatch(site: site.description, replacement: replacement, parameter: parameterTypes[index])
    }

    private static func opaque(_ site: InjectionSite) -> DefinitionRewriteError {
        DefinitionRewriteError(site: site.description,
                              problem: "it is a closure that resolves what it needs itself, so it has no argument to replace; replace the whole definition instead")
    }
}

extension RegisteredDefinition {
    /// Every place this definition injects something, in order: initializer arguments, properties,
    /// then the arguments of injected methods; then what it inherits from its parents and does not
    /// inject itself: the arguments of the initializer it inherits (when it has none of its own), the
    /// inherited properties, nearest parent first, and the arguments of the inherited methods, numbered
    /// after the definition's own methods in the order they run (root first): with two methods of its
    /// own, its parent's first method is `.methodArgument(method: 2, argument: …)`.
    public var injectionSites: [InjectionSite] {
        let own = definition.box.injectionSites
        return own + inheritedSites(excluding: own)
    }

    /// Replaces one injection of this definition: an initializer argument, a property or an argument of
    /// an injected method, its own or one it inherits. The rest of the definition (its initializer, other
    /// injections, hooks, scope) stays as declared, and so do its parents: replacing an inherited
    /// injection changes this definition only, as if it injected the property again (or declared its
    /// parent's initializer with the new argument).
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
    /// An inherited property's site has its parent's key path: `.property(\BaseController.logger)`.
    ///
    /// - Throws: ``DefinitionRewriteError`` when the definition has no such site or a property's type is
    ///   not `V`, or when no `V` could ever be passed as the initializer or method argument (a `String`
    ///   for a `Horse`). A replacement only an instance can tell (a value for a protocol parameter) is
    ///   checked when the component is built, failing with this error as the underlying error of
    ///   `ErrorKind.componentFailed`.
    public mutating func replaceInjection<V>(at site: InjectionSite, with source: some Injectable<V>) throws(DefinitionRewriteError) {
        let injection = source.injection
        let own = definition.box.injectionSites
        if own.contains(site) {
            definition = try definition.rewriting(site, with: injection)
            return
        }
        let ancestors = self.ancestors
        switch site {
        case .initializerArgument where !definition.hasInitializer:
            if let provider = ancestors.first(where: \.hasInitializer), provider.box.injectionSites.contains(site) {
                definition = try definition.adoptingInitializer(of: provider).rewriting(site, with: injection)
                return
            }
        case .property(let keyPath):
            if ancestors.contains(where: { $0.box.injectionSites.contains(site) }) {
                definition = try definition.overridingInherited(keyPath, with: injection)
                return
            }
        case .methodArgument(let method, let argument):
            if let (index, ancestor, local) = inheritedMethod(at: method, ancestors: ancestors),
               ancestor.box.injectionSites.contains(.methodArgument(method: local, argument: argument)) {
                // Checked against the method as its ancestor declares it (a rewrite changes no parameter
                // type), and kept as a rewrite of one argument: merging the chain applies it on top of every
                // rewrite above it, whichever post-processor made which first.
                let replacement = ArgumentRewrites.Replacement(produce: injection.produce, producedType: V.self, site: site.description)
                let rewrite = InheritedSteps.MethodRewrite(argument: argument, replacement: replacement, target: injection.target, site: site)
                try ancestor.box.checkRewrite(ofMethod: local, rewrite)
                definition = definition.rewritingInheritedMethod(index, rewrite)
                return
            }
        case .initializerArgument:
            break
        }
        throw .noSuchSite(site, sites: own + inheritedSites(excluding: own, ancestors: ancestors))
    }

    /// The definitions this one inherits from, parent first, as they stand; a parent chain that loops
    /// or breaks ends the list (activation reports it).
    var ancestors: [AnyDefinition] {
        var ancestors: [AnyDefinition] = []
        var visited: Set<DefinitionIdentity> = [definition.identity]
        var current = definition
        while let reference = current.parent, let parent = parentLookup(reference), visited.insert(parent.identity).inserted {
            ancestors.append(parent)
            current = parent
        }
        return ancestors
    }

    private func inheritedSites(excluding own: [InjectionSite], ancestors: [AnyDefinition]? = nil) -> [InjectionSite] {
        guard definition.parent != nil else { return [] }
        let ancestors = ancestors ?? self.ancestors
        var sites: [InjectionSite] = []
        if !definition.hasInitializer, let provider = ancestors.first(where: \.hasInitializer) {
            sites += provider.box.injectionSites.filter(\.isInitializerArgument)
        }
        var seen = Set(own)
        for ancestor in ancestors {
            for site in ancestor.box.injectionSites {
                guard case .property = site, seen.insert(site).inserted else { continue }
                sites.append(site)
            }
        }
        var first = definition.inheritableSteps().methods.count
        for ancestor in ancestors.reversed() {
            for site in ancestor.box.injectionSites {
                guard case .methodArgument(let method, let argument) = site else { continue }
                sites.append(.methodArgument(method: first + method, argument: argument))
            }
            first += ancestor.inheritableSteps().methods.count
        }
        return sites
    }

    /// The inherited method a site's `method` number names: its position among the ancestors' merged
    /// methods, the ancestor declaring it and its number there.
    private func inheritedMethod(at method: Int, ancestors: [AnyDefinition]) -> (index: Int, ancestor: AnyDefinition, local: Int)? {
        var index = method - definition.inheritableSteps().methods.count
        guard index >= 0 else { return nil }
        let position = index
        for ancestor in ancestors.reversed() {
            let count = ancestor.inheritableSteps().methods.count
            if index < count { return (position, ancestor, index) }
            index -= count
        }
        return nil
    }
}

/// A property set through an ancestor's key path, whose root is the component's type or a superclass
/// of it: only the ancestor's definition knew the root statically, so it is recovered from the key path
/// itself, every key path being a `PartialKeyPath` of its root.
enum InheritedProperty {
    /// Whether the property at `keyPath` can be set to a `V`.
    static func accepts<V>(_: V.Type, at keyPath: AnyKeyPath) -> Bool {
        (keyPath as? any RootedKeyPath)?.accepts(V.self) ?? false
    }

    static func assign<T, V>(_ value: V, at keyPath: AnyKeyPath, in instance: inout T) {
        (keyPath as? any RootedKeyPath)?.assign(value, in: &instance)
    }
}

/// A key path whose root type its methods can name.
protocol RootedKeyPath {
    func accepts<V>(_: V.Type) -> Bool
    func assign<T, V>(_ value: V, in instance: inout T)
}

extension PartialKeyPath: RootedKeyPath {
    func accepts<V>(_: V.Type) -> Bool {
        self is WritableKeyPath<Root, V> || self is WritableKeyPath<Root, V?>
    }

    func assign<T, V>(_ value: V, in instance: inout T) {
        guard var root = instance as? Root else { return }
        if let typed = self as? WritableKeyPath<Root, V> {
            root[keyPath: typed] = value
        } else if let optional = self as? WritableKeyPath<Root, V?> {
            root[keyPath: optional] = value
        }
        // A class root was changed in place; a value type is copied back.
        if let changed = root as? T { instance = changed }
    }
}
