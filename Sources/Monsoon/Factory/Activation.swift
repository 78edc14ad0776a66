extension Registry {
    /// Registers every definition the assemblies list and every definition those reach by reference
    /// (discovered while the listed bodies are evaluated), resolves parent chains, and checks
    /// references, collecting every problem before throwing.
    static func activating(
        _ directory: AssemblyDirectory, postProcessors: [any DefinitionPostProcessor],
        configuration: (ConfigurationReference, AnyDefinition) -> Configuration
    ) throws(ActivationError) -> Registry {
        var problems: [ActivationError.Problem] = []
        var names = ActivatedNames()
        var listed: [Listed] = []
        var indexBySite: [DefinitionIdentity: Int] = [:]
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
            let assemblyIndex = names.index(of: assemblyName)
            for definition in definitions {
                let candidate = Listed(assemblyName: assemblyName, name: MethodName(assembly: assemblyIndex, method: definition.function),
                                       definition: definition)
                guard !definition.isParameterized else {
                    problems.append(.listedParameterized(candidate.key, location: definition.location))
                    continue
                }
                guard definition.isDefined else {
                    problems.append(.outsideDefine(candidate.key, location: definition.location))
                    continue
                }
                if let existing = names.listed[candidate.name].map({ listed[$0].definition }) {
                    problems.append(existing.identity == definition.identity && !definition.isBinding
                        ? .listedTwice(candidate.key, location: definition.location)
                        : .duplicateKey(candidate.key, locations: [existing.location, definition.location], isBinding: definition.isBinding))
                    continue
                }
                if let sharing = indexBySite[definition.identity] {
                    problems.append(.sharedSite([listed[sharing].key, candidate.key], location: definition.location))
                    continue
                }
                names.listed[candidate.name] = listed.count
                indexBySite[definition.identity] = listed.count
                listed.append(candidate)
            }
        }

        // What listed definitions reach is registered after everything listed (a listed definition keeps
        // its key), under its own assembly's name, when that exact assembly type was activated.
        for definition in discovered where indexBySite[definition.identity] == nil {
            guard let assemblyType = definition.assemblyType, let activated = directory.byType[ObjectIdentifier(assemblyType)],
                  type(of: activated) == assemblyType else { continue }
            let assemblyName = typeName(assemblyType)
            let candidate = Listed(assemblyName: assemblyName, name: MethodName(assembly: names.index(of: assemblyName), method: definition.function),
                                   definition: definition)
            if let existing = names.listed[candidate.name].map({ listed[$0].definition }) {
                problems.append(.duplicateKey(candidate.key, locations: [existing.location, definition.location]))
                continue
            }
            names.listed[candidate.name] = listed.count
            indexBySite[definition.identity] = listed.count
            listed.append(candidate)
        }

        // Like Typhoon, each post-processor sees every definition before the next post-processor runs.
        for processor in postProcessors {
            for index in listed.indices {
                do {
                    listed[index].definition = try [processor].process(listed[index].definition, key: listed[index].key)
                } catch {
                    problems.append(.postProcessorFailed(listed[index].key, processor: error.processor, error: error.underlying))
                }
            }
        }

        let indexOf = { (reference: DefinitionReference) -> Int? in
            indexBySite[reference.identity] ?? directory.replacingAssembly(for: reference).flatMap { names.index(of: $0, method: reference.function) }
        }
        let inheritance = Inheritance { reference in indexOf(reference).map { listed[$0].definition } }

        var entries: [RegistryEntry] = []
        entries.reserveCapacity(listed.count)
        var entryOfListed: [RegistryEntry?] = []
        entryOfListed.reserveCapacity(listed.count)
        var aliasIndices: [(DefinitionIdentity, Int)] = []
        for item in listed {
            let definition = item.definition
            do {
                let resolved = try inheritance.resolve(definition)
                if resolved.scope == .weakSingleton, MetadataKind.isValueType(definition.declaredType) {
                    problems.append(.weakSingletonOfValueType(item.key, type: definition.declaredType, location: definition.location))
                }
                let entry = RegistryEntry(assemblyName: item.assemblyName, definition: definition, scope: resolved.scope, inherited: resolved.inherited)
                entries.append(entry)
                entryOfListed.append(entry)
            } catch {
                problems.append(.invalidParent(item.key, definition: definition, failure: error))
                entryOfListed.append(nil)
            }
            for exposed in definition.exposedTypes {
                if let declared = definition.declaredType as? AnyClass, let exposedClass = exposed as? AnyClass,
                   !ClassHierarchy.isSubclass(declared, of: exposedClass) {
                    problems.append(.invalidExposedType(item.key, declared: definition.declaredType, exposed: exposed, location: definition.location))
                }
            }
            var reported: Set<DefinitionIdentity> = []
            for dependency in definition.dependencies {
                if dependency.castCannotSucceed, let cast = dependency.cast {
                    problems.append(.propertyTypeMismatch(item.key, site: dependency.site.label, supplied: cast.from, property: cast.to,
                                                          location: definition.location))
                }
                for reference in dependency.target.configurationReferences {
                    do throws(ConfigurationError) {
                        try reference.check(configuration(reference, definition))
                    } catch {
                        problems.append(.configuration(item.key, error: error))
                    }
                }
                for reference in dependency.target.references where reference.parameterized == nil && reference.arguments.isEmpty {
                    if indexBySite[reference.identity] != nil { continue }
                    if let replacement = indexOf(reference) {
                        aliasIndices.append((reference.identity, replacement))
                    } else if reported.insert(reference.identity).inserted {
                        problems.append(.undeclaredReference(from: item.key, to: reference.function, location: reference.identity.location,
                                                             tooDeepToDiscover: tooDeep.contains(reference.identity)))
                    }
                }
            }
        }

        if !problems.isEmpty { throw ActivationError(problems: problems) }
        var aliases: [(DefinitionIdentity, RegistryEntry)] = []
        var aliased: Set<DefinitionIdentity> = []
        for (identity, index) in aliasIndices where aliased.insert(identity).inserted {
            if let entry = entryOfListed[index] { aliases.append((identity, entry)) }
        }
        return Registry(entries: entries, aliases: aliases)
    }
}

/// A definition activation registers, with what its key is made of.
private struct Listed {
    let assemblyName: String
    let name: MethodName
    var definition: AnyDefinition
    /// Formatted only for messages and post-processors.
    var key: String { DefinitionKey(assembly: assemblyName, method: name.method).description }
}

/// A key as activation compares keys: the assembly by its name's number, so that no key string is made
/// or hashed per definition.
private struct MethodName: Hashable {
    let assembly: Int
    let method: String
}

/// The names of the activated assemblies, numbered, and the listed definitions by key.
private struct ActivatedNames {
    private var numbers: [String: Int] = [:]
    var listed: [MethodName: Int] = [:]

    /// The number of an assembly name, given on first sight. Two assembly types of the same name (from
    /// two modules) share it, so that their definitions' keys collide as their strings would.
    mutating func index(of assemblyName: String) -> Int {
        if let number = numbers[assemblyName] { return number }
        numbers[assemblyName] = numbers.count
        return numbers.count - 1
    }

    /// The listed definition of `method` on an activated assembly type, or `nil`.
    func index(of assemblyType: Assembly.Type, method: String) -> Int? {
        guard let assembly = numbers[typeName(assemblyType)] else { return nil }
        return listed[MethodName(assembly: assembly, method: method)]
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
