extension BlockComponentFactory {
    /// The component of the module binding named `name` (`binder.bind(…, named: "staging")`) that binds
    /// `type`, whichever module declared it: Objection's `getObject:named:`. Named bindings are found only
    /// this way, and only as the type they bind: a name and a type together pick a binding, as in
    /// Objection and Swinject, so a binding of `any Pet` named "rex" is not found as `any Animal`, even
    /// though every pet is an animal.
    ///
    /// ```swift
    /// let staging = try factory.resolve((any Backend).self, named: "staging")
    /// ```
    ///
    /// - Throws: `ErrorKind.unknownKey` when no binding has this name (naming the nearest names that
    ///   bind `type`), `ErrorKind.typeMismatch` naming what the name binds when none of its bindings
    ///   binds `type`, `ErrorKind.ambiguousType` when several modules bind `type` under it, or any failure
    ///   while building.
    /// - Complexity: O(1) to find the bindings of the name; O(*n*) in the number of names only to
    ///   suggest names for a missing one.
    public func resolve<T>(_ type: T.Type, named name: String) throws(ResolutionError) -> T {
        try reportingFailure { () throws(ResolutionError) in
            try withResolution(of: .type(type)) { context throws(ResolutionError) in try context.resolve(type, named: name) }
        }
    }

    /// The component of the module binding named `name`, awaiting whatever its build must await.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func resolve<T>(_ type: T.Type, named name: String) async throws -> T {
        try await reportingFailure { try await resolveAsync(binding(named: name, type: type, path: []), as: T.self) }
    }

    /// The component of the module binding named `name` that binds `type`, or `nil` when none does:
    /// Swinject's `resolve(_:name:)`, which answers `nil` for a type and name nothing registered.
    ///
    /// ```swift
    /// let staging = try factory.resolveIfPresent((any Backend).self, named: "staging")   // nil without that module
    /// ```
    ///
    /// - Throws: every other failure, as ``resolve(_:named:)-63r5p`` does: several modules binding
    ///   `type` under `name` (`ErrorKind.ambiguousType`), or a build that fails. Absence is the only
    ///   thing that becomes `nil`; a name bound only to other types is absence too.
    public func resolveIfPresent<T>(_ type: T.Type, named name: String) throws(ResolutionError) -> T? {
        guard hasBinding(named: name, binding: type) else { return nil }
        return try resolve(type, named: name)
    }

    /// Whether a module binding named `name` binds `type`.
    func hasBinding(named name: String, binding type: Any.Type) -> Bool {
        catalog.byBindingName[name]?.contains { $0.binds(type) } ?? false
    }

    /// The registered binding named `name` that binds exactly `type` (its declared or an exposed type).
    ///
    /// - Complexity: O(1) to find the bindings of the name; O(*n*) only to suggest names for a missing one.
    func binding(named name: String, type: Any.Type, path: [String]) throws(ResolutionError) -> RegistryEntry {
        // Made only for an error: resolving a name is a hot path, and the string is not free.
        var lookup: String { "binding named \"\(name)\"" }
        let matching = catalog.byBindingName[name] ?? []
        guard !matching.isEmpty else {
            // Eager-singleton markers are named too, but nobody resolves them by name.
            let named = catalog.byBindingName.filter { !$0.key.hasPrefix(EagerSingleton.namePrefix) }
            throw .unknownBindingName(name, as: type, path: path + [lookup], bindingType: named.filter { $0.value.contains { $0.binds(type) } }.keys,
                                      otherTypes: named.mapValues { $0.map(\.definition.declaredType) })
        }
        let typed = matching.filter { $0.binds(type) }
        guard typed.count <= 1 else {
            throw ResolutionError(.ambiguousType, subject: "\(lookup) as \(typeName(type))", path: path + [lookup],
                                  summary: "\(typed.count) modules bind \(typeName(type)) under this name: \(typed.map(\.key).joined(separator: ", ")).",
                                  advice: ["Give the bindings different names, or activate only one of the modules."])
        }
        guard let entry = typed.first else {
            // A component that merely converts to `type` is not what the name was bound as: a name
            // picks a binding together with a type, never through a cast.
            throw .bindingOfAnotherType(name, requested: type, bound: matching.map { ($0.definition.declaredType, $0.key) }, path: path + [lookup])
        }
        return entry
    }
}

extension RegistryEntry {
    /// Whether this binding is found as `type`: the type it binds, or one it is exposed as.
    fileprivate func binds(_ type: Any.Type) -> Bool {
        definition.declaredType == type || definition.exposedTypes.contains { $0 == type }
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

    /// The component of the module binding named `name` that binds `type`, or `nil` when none does; see
    /// ``BlockComponentFactory/resolveIfPresent(_:named:)``.
    public func resolveIfPresent<T>(_ type: T.Type, named name: String) throws(ResolutionError) -> T? {
        let context = try activeContext("binding named \"\(name)\"")
        guard context.factory.hasBinding(named: name, binding: type) else { return nil }
        return try context.resolve(type, named: name)
    }
}
