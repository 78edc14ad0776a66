/// Finding registry entries, with the error each failed lookup reports.
extension BlockComponentFactory {
    @usableFromInline
    func entry(for reference: DefinitionReference, declaredType: Any.Type, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        if let parameterized = reference.parameterized {
            return try parameterizedEntry(for: reference, definition: parameterized, path: path())
        }
        if let entry = catalog.entry(identifiedBy: reference.identity) { return entry }
        if let entry = registeringEntry(for: reference) { return entry }
        throw .undeclared(reference.function, location: reference.identity.location, assembly: reference.assemblyType,
                          declaredType: declaredType, path: path())
    }

    func entry(key: String, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        if let entry = catalog.entry(forKey: key) { return entry }
        if let unlisted = unlistedDefinition(keyed: key) {
            throw .unlistedKey(key, method: unlisted.method, assembly: unlisted.assembly, path: path())
        }
        throw .unknownKey(key, knownKeys: catalog.keys, path: path())
    }

    @usableFromInline
    func uniqueEntry(for type: Any.Type, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        guard let candidates = catalog.entries(declaring: type), let first = candidates.first else {
            if let implicit = catalog.implicitEntry(for: type) { return implicit }
            throw .noDefinition(for: type, knownTypes: catalog.typeNames, related: relatedDefinitions(of: type),
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
