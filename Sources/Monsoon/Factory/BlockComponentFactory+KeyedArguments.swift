/// Resolving by key with runtime arguments: for module boundaries where the caller cannot import the
/// assembly and knows only a key and values.
extension BlockComponentFactory {
    /// The component of the parameterized definition with `key`, called with `arguments`.
    ///
    /// ```swift
    /// let knight: Knight = try factory.resolve(key: "QuestAssembly.knight(named:)", arguments: ["Lancelot"])
    /// ```
    ///
    /// The method must be listed in its assembly's ``Assembly/parameterizedDefinitions``. With no
    /// arguments this is ``resolve(key:as:)-6a4i3``.
    ///
    /// - Throws: `ErrorKind.argumentMismatch` naming the parameter types the assembly's
    ///   parameterized definitions take when none with that name accepts these values;
    ///   `ErrorKind.unknownKey`; any failure while building.
    /// - Complexity: tries the assembly's declared parameterized methods with as many parameters as
    ///   there are arguments.
    public func resolve<T>(key: String, arguments: [any Sendable], as type: T.Type = T.self) throws(ResolutionError) -> T {
        if arguments.isEmpty { return try resolve(key: key, as: type) }
        let reference = try parameterizedReference(key: key, arguments: arguments)
        guard let parameterized = reference.parameterized else {
            throw .argumentsNotDeclared(key, count: arguments.count)
        }
        let entry = try parameterizedEntries.entry(for: reference, definition: parameterized, in: self, path: [])
        return try withResolution { context throws(ResolutionError) in
            try context.component(of: entry, as: type)
        }
    }

    /// The component of the parameterized definition with `key`, built for `arguments`, awaiting whatever
    /// its build must await; see the synchronous form.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func resolve<T>(key: String, arguments: [any Sendable], as type: T.Type = T.self) async throws -> T {
        if arguments.isEmpty { return try await resolve(key: key, as: type) }
        let reference = try parameterizedReference(key: key, arguments: arguments)
        guard reference.parameterized != nil else { throw ResolutionError.argumentsNotDeclared(key, count: arguments.count) }
        let component = try await withAsyncResolution { context in
            let entry = try context.entry(for: reference, declaredType: T.self)
            return try typed(try await context.instanceAsync(of: entry), of: entry, as: T.self, path: [])
        }
        return component
    }

    private func parameterizedReference(key: String, arguments: [any Sendable]) throws(ResolutionError) -> DefinitionReference {
        guard let parsed = DefinitionKey(parsing: key),
              let (assembly, methods) = assemblies.parameterizedMethods(ofAssemblyNamed: parsed.assembly), !methods.isEmpty
        else {
            throw .unknownKey(key, knownKeys: registry.keys, path: [])
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
