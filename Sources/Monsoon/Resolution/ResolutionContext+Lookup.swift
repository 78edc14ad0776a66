/// The lookups shared by ``Resolver`` and ``BlockComponentFactory``: find the registry entry, build or
/// reuse its component, and cast it to the requested type.
extension ResolutionContext {
    func resolve<T>(_ definition: Definition<T>) throws(ResolutionError) -> T {
        try resolve(definition.reference, as: T.self)
    }

    func resolve<T>(_ reference: DefinitionReference, as type: T.Type) throws(ResolutionError) -> T {
        let entry = try factory.entry(for: reference, declaredType: T.self, path: path)
        return try cast(instance(of: entry), from: entry, to: type)
    }

    func resolve<T>(_ type: T.Type) throws(ResolutionError) -> T {
        let entry = try factory.uniqueEntry(for: type, path: path)
        return try cast(instance(of: entry), from: entry, to: type)
    }

    func resolve<T>(key: String, as type: T.Type) throws(ResolutionError) -> T {
        let entry = try factory.entry(key: key, path: path)
        return try cast(instance(of: entry), from: entry, to: type)
    }

    func allComponents<T>(of type: T.Type) throws(ResolutionError) -> [T] {
        var components: [T] = []
        for entry in factory.registry.byType[ObjectIdentifier(type)] ?? [] {
            components.append(try cast(instance(of: entry), from: entry, to: type))
        }
        return components
    }

    func cast<T>(_ value: Any, from entry: RegistryEntry, to type: T.Type) throws(ResolutionError) -> T {
        if let typed = value as? T { return typed }
        throw .typeMismatch(entry.key, builds: entry.definition.declaredType, requested: type, path: path + [entry.key])
    }
}
