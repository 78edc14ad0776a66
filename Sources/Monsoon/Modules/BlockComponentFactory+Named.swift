extension BlockComponentFactory {
    /// The component of the module binding named `name` (`binder.bind(…, named: "staging")`), whichever
    /// module declared it: Objection's `getObject:named:`. Named bindings are found only this way.
    ///
    /// ```swift
    /// let staging = try factory.resolve((any Backend).self, named: "staging")
    /// ```
    ///
    /// - Throws: `ErrorKind.unknownKey` naming the nearest binding names when none has
    ///   this name, `ErrorKind.ambiguousType` when several modules use it,
    ///   `ErrorKind.typeMismatch` when it builds another type, or any failure while building.
    /// - Complexity: O(*n*) in the number of definitions, then as resolving by key.
    public func resolve<T>(_ type: T.Type, named name: String) throws(ResolutionError) -> T {
        try withResolution { context throws(ResolutionError) in try context.resolve(type, named: name) }
    }

    /// The registered binding named `name` that builds `type`; when only bindings of other types have
    /// the name, the first of them, so that the caller reports the type mismatch.
    /// The component of the module binding named `name`, awaiting whatever its build must await.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func resolve<T>(_ type: T.Type, named name: String) async throws -> T {
        try await resolveAsync(binding(named: name, type: type, path: []), as: T.self)
    }

    /// - Complexity: O(1) to find the bindings of the name; O(*n*) only to suggest names for a missing one.
    func binding(named name: String, type: Any.Type, path: [String]) throws(ResolutionError) -> RegistryEntry {
        let matching = registry.byBindingName[name] ?? []
        guard let first = matching.first else {
            // Eager-singleton markers are named too, but nobody resolves them by name.
            let names = registry.byBindingName.keys.filter { !$0.hasPrefix(EagerSingleton.namePrefix) }.sorted()
            throw .unknownKey(name, knownKeys: names, path: path, subject: "binding named \"\(name)\"",
                              summary: "no module binds a component under this name.",
                              fallback: "Name a binding with binder.bind(…, named: \"\(name)\") in a module's configure(_:).")
        }
        let typed = matching.filter { $0.declaration.declaredType == type || $0.declaration.exposedTypes.contains { $0 == type } }
        guard typed.count <= 1 else {
            throw ResolutionError(.ambiguousType, subject: "binding named \"\(name)\" as \(typeName(type))", path: path,
                                  summary: "\(typed.count) modules bind \(typeName(type)) under this name: \(typed.map(\.key).joined(separator: ", ")).",
                                  advice: ["Give the bindings different names, or activate only one of the modules."])
        }
        return typed.first ?? first
    }
}

extension ResolutionContext {
    func resolve<T>(_ type: T.Type, named name: String) throws(ResolutionError) -> T {
        try component(of: factory.binding(named: name, type: type, path: path), as: type)
    }
}

extension Resolver {
    /// The component of the module binding named `name`; see
    /// ``BlockComponentFactory/resolve(_:named:)-63r5p``.
    public func resolve<T>(_ type: T.Type, named name: String) throws(ResolutionError) -> T {
        try activeContext("binding named \"\(name)\"").resolve(type, named: name)
    }
}
