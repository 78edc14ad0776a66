/// What messages suggest when a lookup fails: the definitions near the one asked for.
extension BlockComponentFactory {
    /// The keys of the definitions that name `entry` as their parent, in registration order.
    /// Deferred definitions are evaluated first: their parents are in their bodies.
    func childKeys(of entry: RegistryEntry) -> [String] {
        evaluateAll()
        return catalog.listedEntries.compactMap { candidate in
            guard let parent = candidate.definition.parent else { return nil }
            return catalog.entry(for: parent) === entry ? candidate.key : nil
        }
    }

    /// Definitions of types related to `type` that a by-type lookup does not find because lookup is
    /// exact: its wrapped type when `type` is optional, its subclasses and superclasses when it is a class.
    /// Each is described with its key: `QuestAssembly.paladin() declares Paladin, a subclass of Knight`.
    func relatedDefinitions(of type: Any.Type) -> [String] {
        let name = typeName(type)
        var related: [String] = []
        for entry in catalog.listedEntries where !entry.declaration.isAbstract {
            let declared = entry.declaration.declaredType
            let declaredName = typeName(declared)
            if let wrapped = MetadataKind.wrappedType(ofOptional: type), declared == wrapped {
                related.append("\(entry.key) declares \(declaredName): resolve \(declaredName), not \(name)")
            } else if let requested = type as? AnyClass, let candidate = declared as? AnyClass, requested != candidate {
                if ClassHierarchy.isSubclass(candidate, of: requested) {
                    related.append("\(entry.key) declares \(declaredName), a subclass of \(name)")
                } else if ClassHierarchy.isSubclass(requested, of: candidate) {
                    related.append("\(entry.key) declares \(declaredName), a superclass of \(name)")
                }
            }
        }
        return related
    }
}

/// Deferred definitions that lookups by type and key never find, for the messages of those lookups.
///
/// Lookups by type and key see what activation registered: the listed definitions and whatever the
/// bodies of `define { … }` reach. A deferred definition no assembly lists is known only once a body
/// that refers to it runs, so letting lookups find it then would make `resolve(Moat.self)` succeed or
/// fail (or turn ambiguous) depending on what was resolved before. They never find it; the message of
/// a failed lookup names it instead, after running every deferred body (this is the error path only).
extension BlockComponentFactory {
    /// The unlisted deferred definition whose key is `key`, as its method and assembly.
    func unlistedDefinition(keyed key: String) -> (method: String, assembly: String)? {
        guard let entry = unlistedEntries().first(where: { $0.key == key }) else { return nil }
        return (DefinitionKey(parsing: entry.key)?.method ?? entry.key, entry.assemblyName)
    }

    /// The deferred definitions a lookup of `type` does not find: unlisted ones declaring or exposing
    /// it, and listed ones whose body exposes it (which activation could not see). Each is described.
    func unlistedDefinitions(declaring type: Any.Type) -> [String] {
        let id = ObjectIdentifier(type)
        let name = typeName(type)
        var found = unlistedEntries().compactMap { entry -> String? in
            let exposes = entry.definition.exposedTypes.contains { ObjectIdentifier($0) == id }
            guard entry.declaredTypeID == id || exposes else { return nil }
            return "\(entry.key) declares \(name) but no assembly lists it, so it is reached only through the definitions that refer to it. "
                + "List \(DefinitionKey(parsing: entry.key)?.method ?? entry.key) in \(entry.assemblyName)'s definitions to look it up by type"
        }
        for entry in deferredEntries(exposing: id) {
            found.append("\(entry.key) is exposed(as: \(name).self) inside its define(.\(entry.scope)) { … } body, which activation "
                         + "cannot see. Write it as define { … }, which activation evaluates")
        }
        return found
    }

    /// Every unlisted deferred definition the listed ones reach, after running every body.
    private func unlistedEntries() -> [RegistryEntry] {
        guard catalog.hasDeferred else { return [] }
        _ = prepareAll()
        return catalog.reachedEntries.sorted { $0.key < $1.key }
    }
}

/// Parameterized definitions declaring a type, for the message of a lookup by that type: a lookup by
/// type cannot pass runtime arguments, so they are never its candidates.
extension BlockComponentFactory {
    /// The keys of the parameterized definitions declaring `type` that the factory knows of: those the
    /// evaluated definitions refer to, and those resolved with arguments since.
    func parameterizedKeys(declaring type: Any.Type) -> [String] {
        let id = ObjectIdentifier(type)
        var keys: [String] = []
        func note(_ reference: DefinitionReference) {
            guard let parameterized = reference.parameterized, ObjectIdentifier(parameterized.declaredType) == id,
                  let assembly = reference.assemblyType else { return }
            let key = DefinitionKey(assemblyType: assembly, method: reference.function).description
            if !keys.contains(key) { keys.append(key) }
        }
        func walk(_ target: Dependency.Target) {
            switch target {
            case .definition(let reference), .provider(let reference), .synchronousProvider(let reference): note(reference)
            case .collection(let targets): targets.forEach(walk)
            default: break
            }
        }
        _ = prepareAll()
        for entry in catalog.allEntries {
            if !entry.definition.arguments.values.isEmpty, ObjectIdentifier(entry.definition.declaredType) == id,
               let assembly = entry.definition.assemblyType {
                let key = DefinitionKey(assemblyType: assembly, method: entry.definition.function).description
                if !keys.contains(key) { keys.append(key) }
            }
            guard !entry.definition.isDeferred else { continue }
            for dependency in entry.definition.dependencies { walk(dependency.target) }
        }
        return keys
    }
}
