extension BlockComponentFactory {
    /// The entry of a parameterized definition for the argument values `reference` carries, from the
    /// catalog, made by the completion's steps when these values are new: their content depends on
    /// them, so activation cannot register them in advance.
    func parameterizedEntry(
        for reference: DefinitionReference, definition parameterized: ParameterizedDefinition,
        path: @autoclosure () -> [String]
    ) throws(ResolutionError) -> RegistryEntry {
        try catalog.parameterizedEntry(for: reference) { () throws(ResolutionError) in
            try completedParameterizedEntry(parameterized, path: path)
        }
    }

    /// Evaluates a parameterized definition with its arguments, post-processes it, inherits its parent
    /// chain, and publishes an entry with its graph facts.
    private func completedParameterizedEntry(_ parameterized: ParameterizedDefinition, path: () -> [String]) throws(ResolutionError) -> RegistryEntry {
        let definition = try postProcessed(evaluated(parameterized), path: path())
        let key = Self.key(of: definition)
        let inheritance = Inheritance { reference in self.registeredDefinition(for: reference) }
        let resolved: Inheritance.Resolved
        do {
            resolved = try inheritance.resolve(definition)
        } catch {
            throw .invalidParent(key, explanation: error.explanation(childType: definition.declaredType), path: path() + [key])
        }
        if resolved.scope.isEager { throw .singletonWithArguments(key, path: path() + [key]) }
        let entry = RegistryEntry(assemblyName: definition.assemblyType.map { typeName($0) } ?? "", keyWithArguments: key,
                                  definition: definition, scope: resolved.scope, inherited: resolved.inherited)
        entry.reach = AsyncReach.flags(of: entry, in: self)
        entry.publish()
        return entry
    }

    /// `QuestAssembly.knight(named: "Lancelot")`: the method with its argument values in place.
    static func key(of definition: AnyDefinition) -> String {
        DefinitionKey(assemblyType: definition.assemblyType, method: definition.function, arguments: definition.arguments).description
    }

    static func key(of reference: DefinitionReference) -> String {
        DefinitionKey(assemblyType: reference.assemblyType, method: reference.function, arguments: reference.arguments).description
    }

    /// The registered (parameterless) definition a reference points to, following assembly replacement.
    /// A deferred one is completed first; `nil` when that fails (its own resolution reports why).
    func registeredDefinition(for reference: DefinitionReference) -> AnyDefinition? {
        guard let entry = catalog.entry(for: reference), (try? prepare(entry, path: [])) != nil else { return nil }
        return entry.definition
    }
}
