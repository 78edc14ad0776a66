/// Resolving by key with runtime arguments: for module boundaries where the caller cannot import the
/// assembly and knows only a key and values.
extension BlockComponentFactory {
    /// The component of the parameterized definition with `key`, called with `arguments` (not empty).
    func resolveParameterized<T>(key: String, arguments: [any Sendable], as type: T.Type) throws(ResolutionError) -> T {
        let reference = try parameterizedReference(key: key, arguments: arguments)
        guard let parameterized = reference.parameterized else {
            throw .argumentsNotDeclared(key, count: arguments.count)
        }
        let entry = try parameterizedEntry(for: reference, definition: parameterized, path: [])
        return try withResolution(of: .entry(entry)) { context throws(ResolutionError) in
            try context.component(of: entry, as: type)
        }
    }

    /// `resolveParameterized(key:arguments:as:)`, awaiting whatever the build must await.
    nonisolated(nonsending)
    func resolveParameterized<T>(key: String, arguments: [any Sendable], as type: T.Type) async throws -> T {
        let reference = try parameterizedReference(key: key, arguments: arguments)
        guard reference.parameterized != nil else { throw ResolutionError.argumentsNotDeclared(key, count: arguments.count) }
        let component = try await withAsyncResolution(of: .reference(reference)) { context in
            let entry = try context.entry(for: reference, declaredType: T.self)
            return try typed(try await context.instanceAsync(of: entry), of: entry, as: T.self, path: [])
        }
        return component
    }

    private func parameterizedReference(key: String, arguments: [any Sendable]) throws(ResolutionError) -> DefinitionReference {
        guard let parsed = DefinitionKey(parsing: key),
              let (assembly, methods) = assemblies.parameterizedMethods(ofAssemblyNamed: parsed.assembly), !methods.isEmpty
        else {
            throw .unknownKey(key, knownKeys: catalog.keys, path: [])
        }
        var acceptingNames: [String] = []
        for candidate in methods where candidate.parameterTypes.count == arguments.count {
            guard let reference = candidate.call(assembly, arguments) else { continue }
            if reference.function == parsed.method { return reference }
            acceptingNames.append(reference.function)
        }
        // Methods that take these arguments are named only once called with them: a misspelt label
        // (`squire(name:)`) is found among those.
        let nearest = nearestNames(to: parsed.method, among: acceptingNames)
        if !nearest.isEmpty {
            throw .unknownKey(key, knownKeys: [], path: [],
                              suggestions: nearest.map { DefinitionKey(assembly: parsed.assembly, method: $0).description })
        }
        throw .argumentMismatch(key, arguments: arguments, signatures: methods.map(\.signature))
    }
}
