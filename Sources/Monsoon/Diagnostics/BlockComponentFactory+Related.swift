/// What messages suggest when a lookup fails: the definitions near the one asked for.
extension BlockComponentFactory {
    /// The keys of the definitions that name `entry` as their parent, in registration order.
    func childKeys(of entry: RegistryEntry) -> [String] {
        registry.entries.compactMap { candidate in
            guard let parent = candidate.definition.parent else { return nil }
            let parentEntry = registry.entry(identifiedBy: parent.identity)
                ?? assemblies.replacementKey(for: parent).flatMap { registry.entry(forKey: $0) }
            return parentEntry === entry ? candidate.key : nil
        }
    }

    /// Definitions of types related to `type` that a by-type lookup does not find because lookup is
    /// exact: its wrapped type when `type` is optional, its subclasses and superclasses when it is a class.
    /// Each is described with its key: `QuestAssembly.paladin() declares Paladin, a subclass of Knight`.
    func relatedDefinitions(of type: Any.Type) -> [String] {
        let name = typeName(type)
        var related: [String] = []
        for entry in registry.entries where !entry.definition.isAbstract {
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

