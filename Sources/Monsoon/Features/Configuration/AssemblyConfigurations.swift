/// The configuration each assembly's definitions read: the factory's, the assembly's own
/// (``Assembly/configuration``) over it, and the factory's values under the assembly's type name over
/// both. Only assemblies for which that differs from the factory's configuration have an entry.
struct AssemblyConfigurations: Sendable {
    let scoped: [ObjectIdentifier: Configuration]
    /// Keys an assembly's own configuration supplies, as the activation report lists them.
    let declaredOrigins: [(key: String, file: String)]

    init(_ directory: AssemblyDirectory, global: Configuration) {
        var scoped: [ObjectIdentifier: Configuration] = [:]
        var declaredOrigins: [(key: String, file: String)] = []
        let globalHasValues = global.hasValues
        for assembly in directory.assemblies {
            let declared = assembly.configuration
            // An assembly's own converters count as configuration of its own, with no value: they convert
            // the factory's values for its definitions.
            let bringsOwn = !declared.sources.isEmpty || !declared.converters.isEmpty
            // Type names cost a demangling each: only worth it when the factory has values to look in.
            guard globalHasValues || bringsOwn else { continue }
            let lineage = ClassHierarchy.lineage(of: type(of: assembly), upTo: Assembly.self).map { typeName($0) }
            // A superclass's section first, so that the assembly's own section wins.
            let namespaced: [Configuration.Source] = lineage.reversed().compactMap { name in
                guard case .object(let section)? = global.section(named: name) else { return nil }
                return Configuration.Source(name: global.source(of: name) ?? name, root: section, role: .section(name))
            }
            guard bringsOwn || !namespaced.isEmpty else { continue }
            let defaults = declared.sources.map { source in
                var source = source
                source.role = .defaults(of: lineage[0])
                return source
            }
            scoped[ObjectIdentifier(type(of: assembly))] = Configuration(
                sources: global.sources + defaults + namespaced,
                converters: declared.converters.merging(global.converters) { _, factory in factory })
            let name = lineage[0]
            for (key, file) in declared.origins.sorted(by: { $0.key < $1.key }) where !global.hasValue(at: "\(name).\(key)") {
                declaredOrigins.append(("\(name).\(key)", "\(file) (\(name)'s own)"))
            }
        }
        self.scoped = scoped
        self.declaredOrigins = declaredOrigins
    }

}

extension AssemblyConfigurations {
    /// The configuration an injection made in a body of `declaring`'s reads (see
    /// `.config(_:as:)`); for one made outside any body, that of the definition being built.
    func configuration(
        forAssembly declaring: ObjectIdentifier?, building definition: AnyDefinition?, directory: AssemblyDirectory, global: Configuration
    ) -> Configuration {
        guard !scoped.isEmpty else { return global }
        for id in [declaring, definition?.assemblyType.map { ObjectIdentifier($0) }] {
            // The assembly that wrote the injection; failing that, the one of the definition being built.
            guard let id, let assembly = directory.byType[id] else { continue }
            return scoped[ObjectIdentifier(Swift.type(of: assembly))] ?? global
        }
        return global
    }
}
