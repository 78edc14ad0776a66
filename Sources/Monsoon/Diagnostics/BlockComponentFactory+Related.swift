/// What messages suggest when a lookup fails: the definitions near the one asked for.
extension BlockComponentFactory {
    /// The keys of the definitions that name `entry` as their parent, in registration order.
    /// Deferred definitions are evaluated first: their parents are in their bodies.
    func childKeys(of entry: RegistryEntry) -> [String] {
        evaluateAll()
        return registry.entries.compactMap { candidate in
            guard let parent = candidate.definition.parent else { return nil }
            return registeredEntry(for: parent) === entry ? candidate.key : nil
        }
    }

    /// Definitions of types related to `type` that a by-type lookup does not find because lookup is
    /// exact: its wrapped type when `type` is optional, its subclasses and superclasses when it is a class.
    /// Each is described with its key: `QuestAssembly.paladin() declares Paladin, a subclass of Knight`.
    func relatedDefinitions(of type: Any.Type) -> [String] {
        let name = typeName(type)
        var related: [String] = []
        for entry in registry.entries where !entry.declaration.isAbstract {
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

