/// Finding registry entries, with the error each failed lookup reports.
extension BlockComponentFactory {
    @usableFromInline
    func entry(for reference: DefinitionReference, declaredType: Any.Type, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        if let parameterized = reference.parameterized {
            return try parameterizedEntries.entry(for: reference, definition: parameterized, in: self, path: path())
        }
        if let entry = registry.entry(identifiedBy: reference.identity) { return entry }
        if let entry = registeringEntry(for: reference) { return entry }
        throw .undeclared(reference.function, location: reference.identity.location, assembly: reference.assemblyType,
                          declaredType: declaredType, path: path())
    }

    func entry(key: String, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        if let entry = registry.entry(forKey: key) { return entry }
        if let replacement = assemblies.replacementKey(for: key), let entry = registry.entry(forKey: replacement) { return entry }
        if let unlisted = unlistedDefinition(keyed: key) {
            throw .unlistedKey(key, method: unlisted.method, assembly: unlisted.assembly, path: path())
        }
        throw .unknownKey(key, knownKeys: registry.keys, path: path())
    }

    @usableFromInline
    func uniqueEntry(for type: Any.Type, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        guard let candidates = registry.byType[ObjectIdentifier(type)], let first = candidates.first else {
            if let implicit = implicitEntries.entry(for: type) { return implicit }
            throw .noDefinition(for: type, knownTypes: registry.typeNames, related: relatedDefinitions(of: type),
                                unlisted: unlistedDefinitions(declaring: type), path: path())
        }
        guard candidates.count == 1 else {
            throw .ambiguous(type, candidates: candidates.map(\.key), path: path())
        }
        return first
    }

    /// The definition an assembly method returns, called on the activated instance of its assembly.
    func definition<A: Assembly, T, each Argument>(
        _ method: (A) -> (repeat each Argument) -> Definition<T>, _ arguments: repeat each Argument, path: @autoclosure () -> [String]
    ) throws(ResolutionError) -> Definition<T> {
        guard let assembly = assemblies.assembly(A.self) else {
            throw .assemblyNotActivated(A.self, activated: assemblies.assemblyNames, path: path())
        }
        // Only the identity is needed: a parameterless definition is registered, and a parameterized one
        // is deferred until the factory needs its content.
        return DefinitionEvaluation.with(.identifying) { method(assembly)(repeat each arguments) }
    }
}
