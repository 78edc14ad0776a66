extension Definition: ComponentDefinition {
    /// Made by `define`: evaluated, or a `define(_:_:)` stub.
    @usableFromInline var isDefined: Bool {
        switch origin {
        case .defined: true
        case .attached(let attachment): attachment is AnyDefinition.Box
        case .reference, .bare: false
        }
    }

    public var erased: AnyDefinition {
        if let deferredStub { return deferredStub }
        // Made by `specialized()` where `T` is known, for a definition `define` returned unchanged: the
        // generic path below fetches type metadata at nearly every step (about 8,000 instructions).
        if let made = storage?.erased, made.identity == identity { return made }
        return erased(specializedBuild: storage?.specializedBuild, specializedMake: storage?.specializedMake)
    }

    /// The erased definition, with the given specialized closures; made where `T` is known when inlined
    /// into `specialized()`.
    @inlinable
    func erased(
        specializedBuild: (@Sendable (ResolutionContext, RegistryEntry) throws -> Any)?,
        specializedMake: (@Sendable (Resolver) throws -> Any)?, scope: Scope? = nil
    ) -> AnyDefinition {
        // One copy of the recipe: each read of `recipe` copies it (arrays of closures).
        let recipe = storage?.recipe ?? Recipe()
        let injects = !recipe.beforeInjections.isEmpty || !recipe.properties.isEmpty || !recipe.methods.isEmpty
        let hasDependencies = injects || !(recipe.initializer?.dependencies.isEmpty ?? true)
        return AnyDefinition(
            identity: identity, arguments: arguments, functionName: function, assemblyType: assemblyType,
            declaredType: T.self, declaredScope: recipe.scope ?? scope, isAbstract: recipe.isAbstract,
            hasInitializer: recipe.initializer != nil, injects: injects,
            hasAfterInjections: !recipe.afterInjections.isEmpty, isDefined: isDefined,
            isParameterized: isParameterized, parent: recipe.parent, exposedTypes: recipe.exposedTypes,
            isAsync: recipe.initializer?.isAsync ?? false, isMainActor: recipe.isMainActor,
            behaviour: RecipeBehaviour(recipe, dependencies: hasDependencies ? recipe.dependencies : [],
                                       specializedBuild: specializedBuild, specializedMake: specializedMake))
    }
}

extension Recipe {
    /// The injections of this recipe, as data, in build order.
    @usableFromInline var dependencies: [Dependency] {
        // Most definitions inject nothing: answer without walking (generic) arrays.
        if properties.isEmpty, methods.isEmpty, initializer?.dependencies.isEmpty ?? true { return [] }
        var result: [Dependency] = []
        for (index, target) in (initializer?.dependencies ?? []).enumerated() {
            result.append(Dependency(target: target, site: .initializerArgument(index)))
        }
        for property in properties {
            result.append(Dependency(target: property.target, site: .property(property.keyPath), cast: property.cast))
        }
        for (methodIndex, method) in methods.enumerated() {
            for (argument, target) in method.targets.enumerated() {
                result.append(Dependency(target: target, site: .methodArgument(method: methodIndex, argument: argument)))
            }
        }
        return result
    }
}
