extension Registry {
    /// Registers every definition the assemblies list and every definition those reach by reference
    /// (discovered while the listed bodies are evaluated), resolves parent chains, and checks
    /// references, collecting every problem before throwing.
    static func activating(
        _ directory: AssemblyDirectory, postProcessors: [any DefinitionPostProcessor],
        configuration: (ConfigurationReference, AnyDefinition) -> Configuration
    ) throws(ActivationError) -> Registry {
        var problems: [ActivationError.Problem] = []
        var listed: [(key: String, definition: AnyDefinition)] = []
        var keysBySite: [DefinitionIdentity: String] = [:]
        var definitionsByKey: [String: AnyDefinition] = [:]
        var seenAssemblies: Set<ObjectIdentifier> = []
        var discovered: [AnyDefinition] = []
        var tooDeep: Set<DefinitionIdentity> = []

        for assembly in directory.assemblies {
            let assemblyType = type(of: assembly)
            let assemblyName = typeName(assemblyType)
            guard seenAssemblies.insert(ObjectIdentifier(assemblyType)).inserted else {
                problems.append(.duplicateAssembly(assemblyName))
                continue
            }
            let (definitions, discovery) = DefinitionEvaluation.discovering { assembly.definitions.map(\.erased) }
            discovered += discovery.found
            tooDeep.formUnion(discovery.tooDeep)
            for definition in definitions {
                let key = DefinitionKey(assembly: assemblyName, method: definition.function).description
                guard !definition.isParameterized else {
                    problems.append(.listedParameterized(key, location: definition.location))
                    continue
                }
                guard definition.isDefined else {
                    problems.append(.outsideDefine(key, location: definition.location))
                    continue
                }
                if let existing = definitionsByKey[key] {
                    problems.append(existing.identity == definition.identity && !definition.isBinding
                        ? .listedTwice(key, location: definition.location)
                        : .duplicateKey(key, locations: [existing.location, definition.location], isBinding: definition.isBinding))
                    continue
                }
                if let sharingKey = keysBySite[definition.identity] {
                    problems.append(.sharedSite([sharingKey, key], location: definition.location))
                    continue
                }
                listed.append((key, definition))
                definitionsByKey[key] = definition
                keysBySite[definition.identity] = key
            }
        }

        // What listed definitions reach is registered after everything listed (a listed definition keeps
        // its key), under its own assembly's name, when that exact assembly type was activated.
        for definition in discovered where keysBySite[definition.identity] == nil {
            guard let assemblyType = definition.assemblyType, let activated = directory.byType[ObjectIdentifier(assemblyType)],
                  type(of: activated) == assemblyType else { continue }
            let key = DefinitionKey(assemblyType: assemblyType, method: definition.function).description
            if let existing = definitionsByKey[key] {
                problems.append(.duplicateKey(key, locations: [existing.location, definition.location]))
                continue
            }
            listed.append((key, definition))
            definitionsByKey[key] = definition
            keysBySite[definition.identity] = key
        }

        // Like Typhoon, each post-processor sees every definition before the next post-processor runs.
        for processor in postProcessors {
            for index in listed.indices {
                do {
                    listed[index].definition = try [processor].process(listed[index].definition, key: listed[index].key)
                    definitionsByKey[listed[index].key] = listed[index].definition
                } catch {
                    problems.append(.postProcessorFailed(listed[index].key, processor: error.processor, error: error.underlying))
                }
            }
        }

        let keyOf = { (reference: DefinitionReference) -> String? in
            keysBySite[reference.identity]
                ?? directory.replacementKey(for: reference).flatMap { definitionsByKey[$0] == nil ? nil : $0 }
        }
        let inheritance = Inheritance { reference in keyOf(reference).flatMap { definitionsByKey[$0] } }

        var entries: [RegistryEntry] = []
        var aliases: [DefinitionIdentity: String] = [:]
        for (key, definition) in listed {
            do {
                let resolved = try inheritance.resolve(definition)
                if resolved.scope == .weakSingleton, MetadataKind.isValueType(definition.declaredType) {
                    problems.append(.weakSingletonOfValueType(key, type: definition.declaredType, location: definition.location))
                }
                entries.append(RegistryEntry(key: key, definition: definition, scope: resolved.scope, inherited: resolved.inherited))
            } catch {
                problems.append(.invalidParent(key, definition: definition, failure: error))
            }
            for exposed in definition.exposedTypes {
                if let declared = definition.declaredType as? AnyClass, let exposedClass = exposed as? AnyClass,
                   !ClassHierarchy.isSubclass(declared, of: exposedClass) {
                    problems.append(.invalidExposedType(key, declared: definition.declaredType, exposed: exposed, location: definition.location))
                }
            }
            var reported: Set<DefinitionIdentity> = []
            for dependency in definition.dependencies {
                if dependency.castCannotSucceed, let cast = dependency.cast {
                    problems.append(.propertyTypeMismatch(key, site: dependency.site.label, supplied: cast.from, property: cast.to,
                                                          location: definition.location))
                }
                for reference in dependency.target.configurationReferences {
                    do throws(ConfigurationError) {
                        try reference.check(configuration(reference, definition))
                    } catch {
                        problems.append(.configuration(key, error: error))
                    }
                }
                for reference in dependency.target.references where reference.parameterized == nil && reference.arguments.isEmpty {
                    if keysBySite[reference.identity] != nil { continue }
                    if let replacement = keyOf(reference) {
                        aliases[reference.identity] = replacement
                    } else if reported.insert(reference.identity).inserted {
                        problems.append(.undeclaredReference(from: key, to: reference.function, location: reference.identity.location,
                                                             tooDeepToDiscover: tooDeep.contains(reference.identity)))
                    }
                }
            }
        }

        if !problems.isEmpty { throw ActivationError(problems: problems) }
        return Registry(entries: entries, aliases: aliases)
    }
}

extension Dependency.Target {
    /// Every configuration key this target injects, including inside collections.
    var configurationReferences: [ConfigurationReference] {
        switch self {
        case .config(let reference): [reference]
        case .collection(let targets): targets.flatMap(\.configurationReferences)
        case .definition, .type, .value, .opaque, .provider, .allOfType: []
        }
    }

    /// Every definition this target refers to, including inside collections.
    var references: [DefinitionReference] {
        switch self {
        case .definition(let reference), .provider(let reference): [reference]
        case .collection(let targets): targets.flatMap(\.references)
        case .type, .value, .opaque, .config, .allOfType: []
        }
    }
}
