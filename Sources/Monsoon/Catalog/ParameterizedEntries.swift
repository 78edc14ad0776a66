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

    /// Evaluates a parameterized definition with its arguments and post-processes it, then runs the
    /// completion's inherit and check steps and its graph facts (`prepare`), as for any entry.
    private func completedParameterizedEntry(_ parameterized: ParameterizedDefinition, path: () -> [String]) throws(ResolutionError) -> RegistryEntry {
        let definition = try postProcessed(evaluated(parameterized), path: path())
        let key = Self.key(of: definition)
        var problems: [ValidationReport.Finding] = []
        let inheritance = Inheritance { reference in self.registeredDefinition(for: reference) }
        var inherited: Inheritance.Resolved?
        Completion.inheritAndCheck(
            definition, key: key, inheritance: inheritance,
            configuration: { configuration(forAssembly: $0.assembly, building: definition) },
            reference: { catalog.entry(for: $0) == nil ? unregistered($0) : .found },
            lazyHolder: assemblies.lazyHolder(of:), into: &problems, inherited: { inherited = $0 })
        guard let resolved = inherited else {
            // The parent chain's failure in a resolution's words (the finding has activation's): on this
            // error path only, resolved again.
            do throws(Inheritance.Failure) {
                _ = try inheritance.resolve(definition)
            } catch {
                throw .invalidParent(key, explanation: error.explanation(childType: definition.declaredType), path: path() + [key])
            }
            throw .invalidDefinition(key, problems: problems, path: path() + [key], withArguments: true)
        }
        if resolved.scope.isEager { throw .singletonWithArguments(key, scope: resolved.scope, path: path() + [key]) }
        if !problems.isEmpty { throw .invalidDefinition(key, problems: problems, path: path() + [key], withArguments: true) }
        let naming = EntryNaming(assemblyName: definition.assemblyType.map { typeName($0) } ?? "", keyWithArguments: key)
        let entry = RegistryEntry(naming: naming, definition: definition, scope: resolved.scope, inherited: resolved.inherited)
        try prepareUnshared(entry, path: path())
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
    /// It is completed first; `nil` when that fails (its own resolution reports why).
    func registeredDefinition(for reference: DefinitionReference) -> AnyDefinition? {
        guard let entry = catalog.entry(for: reference), (try? prepare(entry, path: [])) != nil else { return nil }
        return entry.definition
    }
}
