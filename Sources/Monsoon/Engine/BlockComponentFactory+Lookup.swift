/// Finding registry entries, with the error each failed lookup reports.
extension BlockComponentFactory {
    func entry(for reference: DefinitionReference, declaredType: Any.Type, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        if let parameterized = reference.parameterized {
            return try parameterizedEntry(for: reference, definition: parameterized, path: path())
        }
        if let entry = catalog.entry(for: reference) { return entry }
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

    func uniqueEntry(for type: Any.Type, path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        guard let candidates = catalog.entries(declaring: type), let first = candidates.first else {
            if let implicit = catalog.implicitEntry(for: type) { return implicit }
            throw .noDefinition(for: type, knownTypes: catalog.typeNames, related: relatedDefinitions(of: type),
                                unlisted: unlistedDefinitions(declaring: type), inChildren: descendantKeys(declaring: type),
                                parameterized: parameterizedKeys(declaring: type), path: path())
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
            throw .assemblyNotActivated(A.self, activated: assemblies.assemblyNames, inChild: descendant(activating: A.self) != nil, path: path())
        }
        // Only the identity is needed: a parameterless definition is registered, and a parameterized one's
        // content waits until the factory needs it.
        return DefinitionEvaluation.with(.identifying) { method(assembly)(repeat each arguments) }
    }
}

/// What messages suggest when a lookup fails: the definitions near the one asked for.
extension BlockComponentFactory {
    /// The keys of the definitions that name `entry` as their parent, in registration order.
    func childKeys(of entry: RegistryEntry) -> [String] {
        catalog.listedEntries.compactMap { candidate in
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
        for entry in catalog.listedEntries where !entry.definition.isAbstract {
            let declared = entry.definition.declaredType
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

/// Definitions that lookups by type and key never find, for the messages of those lookups.
///
/// Lookups by type and key see what activation registered: the listed definitions and whatever their
/// bodies reach. A definition no assembly lists that only a parameterized body reaches is known only
/// once that body runs with arguments, so letting lookups find it then would make `resolve(Moat.self)`
/// succeed or fail (or turn ambiguous) depending on what was resolved before. They never find it; the
/// message of a failed lookup names it instead.
extension BlockComponentFactory {
    /// The unlisted definition reached after activation whose key is `key`, as its method and assembly.
    func unlistedDefinition(keyed key: String) -> (method: String, assembly: String)? {
        guard let entry = catalog.reachedEntries.first(where: { $0.key == key }) else { return nil }
        return (DefinitionKey(parsing: entry.key)?.method ?? entry.key, entry.assemblyName)
    }

    /// The definitions a lookup of `type` does not find: those a parameterized body reached after
    /// activation, declaring or exposing it, which no assembly lists. Each is described.
    func unlistedDefinitions(declaring type: Any.Type) -> [String] {
        let id = ObjectIdentifier(type)
        let name = typeName(type)
        return catalog.reachedEntries.sorted { $0.key < $1.key }.compactMap { entry -> String? in
            let exposes = entry.definition.exposedTypes.contains { ObjectIdentifier($0) == id }
            guard entry.declaredTypeID == id || exposes else { return nil }
            return "\(entry.key) declares \(name) but no assembly lists it, so it is reached only through the definitions that refer to it. "
                + "List \(DefinitionKey(parsing: entry.key)?.method ?? entry.key) in \(entry.assemblyName)'s definitions to look it up by type"
        }
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
            for dependency in entry.definition.dependencies { walk(dependency.target) }
        }
        return keys
    }
}
