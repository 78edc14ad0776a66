extension Registry {
    /// Registers every definition the assemblies list, collecting every problem before throwing.
    static func activating(_ assemblies: [Assembly]) throws(ActivationError) -> Registry {
        var problems: [ActivationError.Problem] = []
        var entries: [RegistryEntry] = []
        var entriesByKey: [String: RegistryEntry] = [:]
        var keysBySite: [DefinitionIdentity: String] = [:]
        var seenAssemblies: Set<ObjectIdentifier> = []

        for assembly in assemblies {
            let assemblyType = type(of: assembly)
            let assemblyName = typeName(assemblyType)
            guard seenAssemblies.insert(ObjectIdentifier(assemblyType)).inserted else {
                problems.append(.duplicateAssembly(assemblyName))
                continue
            }
            let listed = DefinitionEvaluation.with(.idle) { assembly.definitions.map(\.erased) }
            for definition in listed {
                let key = "\(assemblyName).\(definition.function)"
                guard definition.isDefined else {
                    problems.append(.outsideDefine(key, location: definition.location))
                    continue
                }
                if let existing = entriesByKey[key] {
                    problems.append(.duplicateKey(key, locations: [existing.definition.location, definition.location]))
                    continue
                }
                if let sharingKey = keysBySite[definition.identity] {
                    problems.append(.sharedSite([sharingKey, key], location: definition.location))
                    continue
                }
                let entry = RegistryEntry(key: key, definition: definition, scope: definition.declaredScope ?? .objectGraph)
                entries.append(entry)
                entriesByKey[key] = entry
                keysBySite[definition.identity] = key
            }
        }

        for entry in entries {
            var reported: Set<DefinitionIdentity> = []
            for dependency in entry.definition.dependencies {
                guard case .definition(let identity, let function) = dependency.target,
                      keysBySite[identity] == nil, reported.insert(identity).inserted else { continue }
                problems.append(.undeclaredReference(from: entry.key, to: function, location: identity.location))
            }
        }

        if !problems.isEmpty { throw ActivationError(problems: problems) }
        return Registry(entries: entries)
    }
}
