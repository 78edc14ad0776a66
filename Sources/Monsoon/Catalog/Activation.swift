extension Registry {
    /// Registers every definition the assemblies list and every definition those reach by reference
    /// (discovered while the listed bodies are evaluated), resolves parent chains, and checks
    /// references, collecting every problem before throwing.
    static func activating(
        _ directory: AssemblyDirectory, postProcessors: [any DefinitionPostProcessor],
        configuration: (ConfigurationReference, AnyDefinition) -> Configuration
    ) throws(ActivationError) -> Registry {
        var activation = Activation(directory: directory)
        activation.listAssemblies()
        activation.registerDiscovered()
        if !postProcessors.isEmpty { activation.postProcess(with: postProcessors) }
        return try activation.registry(configuration: configuration)
    }
}

/// Activation's phases, in order, over what they share: the definitions listed so far and the
/// problems found. One value, never captured by a closure while it changes: a captured variable would
/// cost a dynamic exclusivity check on every access. The phases run per definition are inlined: as
/// calls, passing each definition and the tables cost about 700 instructions per definition (5a).
private struct Activation {
    let directory: AssemblyDirectory
    var problems: [ValidationReport.Finding] = []
    var index = ListedDefinitions()
    /// What listed bodies reached, to register after everything listed.
    var discovered: [AnyDefinition] = []
    /// Listed definitions already reported: references to them are not reported again.
    var rejected: Set<DefinitionIdentity> = []
    /// References too far from every listed definition for discovery to follow.
    var tooDeep: Set<DefinitionIdentity> = []

    init(directory: AssemblyDirectory) {
        self.directory = directory
    }

    /// Lists each assembly's definitions (evaluating their bodies), refusing what cannot be listed.
    @inline(__always)
    mutating func listAssemblies() {
        var seenAssemblies: Set<ObjectIdentifier> = []
        seenAssemblies.reserveCapacity(directory.assemblies.count)
        // Every assembly's definitions first, so that the tables are sized once for all of them.
        // `nil` for an assembly type met twice, reported in its place.
        var evaluated: [(name: String, definitions: [AnyDefinition]?)] = []
        evaluated.reserveCapacity(directory.assemblies.count)
        for assembly in directory.assemblies {
            let assemblyType = type(of: assembly)
            let assemblyName = typeName(assemblyType)
            guard seenAssemblies.insert(ObjectIdentifier(assemblyType)).inserted else {
                evaluated.append((assemblyName, nil))
                continue
            }
            let (definitions, discovery) = DefinitionEvaluation.discovering { assembly.definitions.map(\.erased) }
            discovered += discovery.found
            tooDeep.formUnion(discovery.tooDeep)
            // Once per definition, though a body listed and reached runs twice.
            for conflict in discovery.scopeConflicts where rejected.insert(conflict.identity).inserted {
                let name = directory.discoveryAssemblyName(for: conflict.assemblyType) ?? assemblyName
                let key = DefinitionKey(assembly: name, method: "\(conflict.function)").description
                problems.append(.twoScopes(key, location: conflict.identity.location, given: conflict.given, set: conflict.set))
            }
            evaluated.append((assemblyName, definitions))
        }
        index.reserve(evaluated.reduce(0) { $0 + ($1.definitions?.count ?? 0) }, assemblies: evaluated.count)
        for (assemblyName, definitions) in evaluated {
            guard let definitions else {
                problems.append(.duplicateAssembly(assemblyName))
                continue
            }
            let assemblyIndex = index.names.index(of: assemblyName)
            let naming = index.names.naming(assemblyIndex)
            for definition in definitions {
                list(Listed(naming: naming, name: MethodName(assembly: assemblyIndex, of: definition), definition: definition))
            }
        }
    }

    @inline(__always)
    private mutating func list(_ candidate: Listed) {
        let definition = candidate.definition
        guard !definition.isParameterized else {
            problems.append(.listedParameterized(candidate.key, location: definition.location))
            rejected.insert(definition.identity)
            return
        }
        guard definition.isDefined else {
            problems.append(.outsideDefine(candidate.key, location: definition.location))
            rejected.insert(definition.identity)
            return
        }
        guard !definition.takesParametersWithoutArguments else {
            problems.append(.parametersWithoutArguments(candidate.key, location: definition.location))
            rejected.insert(definition.identity)
            return
        }
        if let existing = index.position(of: candidate.name).map({ index.listed[$0].definition }) {
            problems.append(existing.identity == definition.identity && !definition.isBinding
                ? .listedTwice(candidate.key, location: definition.location)
                : .duplicateKey(candidate.key, locations: [existing.location, definition.location], isBinding: definition.isBinding))
            return
        }
        if let sharing = index.position(of: definition.identity) {
            problems.append(.sharedSite([index.listed[sharing].key, candidate.key], location: definition.location))
            return
        }
        index.append(candidate)
    }

    /// Registers what listed definitions reach after everything listed (a listed definition keeps its
    /// key), under its assembly's name, or that of the activated subclass replacing it: a test's fake
    /// assembly reaches what the app's reaches. A definition of the replacing class itself goes first, so
    /// that the replaced class's version of a method the replacement overrides gives way to it.
    mutating func registerDiscovered() {
        for definition in discovered where !directory.isReplaced(definition.assemblyType) { registerFound(definition) }
        for definition in discovered where directory.isReplaced(definition.assemblyType) { registerFound(definition) }
        discovered = []
    }

    @inline(__always)
    private mutating func registerFound(_ definition: AnyDefinition) {
        guard index.position(of: definition.identity) == nil,
              let assemblyName = directory.discoveryAssemblyName(for: definition.assemblyType) else { return }
        let assemblyIndex = index.names.index(of: assemblyName)
        let candidate = Listed(naming: index.names.naming(assemblyIndex), name: MethodName(assembly: assemblyIndex, of: definition),
                               definition: definition)
        guard !definition.takesParametersWithoutArguments else {
            if rejected.insert(definition.identity).inserted {
                problems.append(.parametersWithoutArguments(candidate.key, location: definition.location))
            }
            return
        }
        if let existing = index.position(of: candidate.name).map({ index.listed[$0].definition }) {
            // The replaced class's version of a method its replacement lists or reached: references to it
            // reach the replacement's (see `checkInjections`).
            // A second `define` of the same method, nested in its body, is reported as such by `check`.
            let isNestedDefine = existing.function == definition.function && existing.assemblyType == definition.assemblyType
            if !directory.isReplaced(definition.assemblyType), !isNestedDefine, rejected.insert(definition.identity).inserted {
                problems.append(.duplicateKey(candidate.key, locations: [existing.location, definition.location]))
            }
            return
        }
        index.append(candidate)
    }

    /// Runs the post-processors, each over every definition before the next, as Typhoon does.
    mutating func postProcess(with postProcessors: [any DefinitionPostProcessor]) {
        for processor in postProcessors {
            // A child that asks for its inherited injections sees its parents as this post-processor found them.
            let before = index
            let directory = directory
            let parentLookup: @Sendable (DefinitionReference) -> AnyDefinition? = { reference in
                before.position(of: reference, in: directory).map { before.listed[$0].definition }
            }
            for position in index.listed.indices {
                do {
                    index.listed[position].definition = try [processor].process(index.listed[position].definition, key: index.listed[position].key,
                                                                                parentLookup: parentLookup)
                } catch {
                    problems.append(.postProcessorFailed(index.listed[position].key, processor: error.processor, error: error.underlying))
                }
            }
        }
    }

    /// Makes an entry of each listed definition, checks what each injects, and aliases a reference
    /// through a replaced assembly to the replacing definition; throws every problem found by any phase.
    @inline(__always)
    mutating func registry(configuration: (ConfigurationReference, AnyDefinition) -> Configuration) throws(ActivationError) -> Registry {
        let final = index
        let directory = directory
        let inheritance = Inheritance { reference in final.position(of: reference, in: directory).map { final.listed[$0].definition } }
        var entries: [RegistryEntry] = []
        entries.reserveCapacity(final.listed.count)
        var entryOfListed: [RegistryEntry?] = []
        entryOfListed.reserveCapacity(final.listed.count)
        var aliasIndices: [(DefinitionIdentity, Int)] = []
        for position in final.listed.indices {
            // By position: a copy of each item would retain and release every field.
            let definition = final.listed[position].definition
            let naming = final.listed[position].naming
            var entry: RegistryEntry?
            // The completion's inherit and check steps, against what is listed: a reference through a
            // replaced assembly reaches the replacing definition, by an alias.
            Completion.inheritAndCheck(
                definition, key: final.listed[position].key, inheritance: inheritance,
                configuration: { configuration($0, definition) },
                reference: { reference in
                    if final.position(of: reference.identity) != nil { return .found }
                    if let replacement = final.position(of: reference, in: directory) {
                        aliasIndices.append((reference.identity, replacement))
                        return .found
                    }
                    if !rejected.isEmpty, rejected.contains(reference.identity) { return .alreadyReported }
                    return .missing(tooDeep: !tooDeep.isEmpty && tooDeep.contains(reference.identity))
                },
                lazyHolder: directory.lazyHolder(of:), into: &problems,
                inherited: { entry = RegistryEntry(naming: naming, definition: definition, scope: $0.scope, inherited: $0.inherited) })
            if let entry { entries.append(entry) }
            entryOfListed.append(entry)
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
private struct Listed: Sendable {
    /// The assembly's names, shared by its entries.
    let naming: EntryNaming
    let name: MethodName
    var definition: AnyDefinition
    /// Formatted only for messages and post-processors.
    var key: String { DefinitionKey(assembly: naming.assemblyName, method: name.text).description }
}

/// A key as activation compares keys: the assembly by its name's number and the method by its
/// `#function` literal, so that no key string is made or hashed per definition.
private struct MethodName: Equatable, Sendable {
    let assembly: Int
    /// The method's name as `#function` gave it, or a module binding's name.
    private let literal: StaticString?
    private let string: String?
    let tableHash: UInt

    init(assembly: Int, of definition: AnyDefinition) {
        if let binding = definition.bindingName {
            self.init(assembly: assembly, method: binding.name)
        } else {
            self.init(assembly: assembly, literal: definition.functionName, string: nil,
                      hash: Self.mix(assembly, Self.hash(definition.functionName)))
        }
    }

    init(assembly: Int, method: String) {
        self.init(assembly: assembly, literal: nil, string: method, hash: Self.mix(assembly, Self.hashText(method)))
    }

    private init(assembly: Int, literal: StaticString?, string: String?, hash: UInt) {
        self.assembly = assembly
        self.literal = literal
        self.string = string
        self.tableHash = hash
    }

    var text: String { string ?? literal.map { "\($0)" } ?? "" }

    /// FNV-1a over the literal's UTF-8, as `init(assembly:method:)` hashes a string's.
    private static func hash(_ literal: StaticString) -> UInt {
        guard literal.hasPointerRepresentation else { return hashText("\(literal)") }
        var hash: UInt = 0xcbf2_9ce4_8422_2325
        let bytes = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount { hash = (hash ^ UInt(bytes[offset])) &* 0x100_0000_01b3 }
        return hash
    }

    private static func hashText(_ text: String) -> UInt {
        var hash: UInt = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static func mix(_ assembly: Int, _ hash: UInt) -> UInt {
        (hash ^ UInt(bitPattern: assembly)) &* 0x9E37_79B9_7F4A_7C15
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.assembly == rhs.assembly, lhs.tableHash == rhs.tableHash else { return false }
        if let left = lhs.literal, let right = rhs.literal {
            return (left.utf8Start == right.utf8Start && left.utf8CodeUnitCount == right.utf8CodeUnitCount)
                || DefinitionIdentity.sameFile(left, right)
        }
        return lhs.text == rhs.text
    }
}

/// The names of the activated assemblies, numbered.
private struct ActivatedNames: Sendable {
    private var numbers: [String: Int] = [:]
    /// By number: the names the entries of that assembly share.
    private var namings: [EntryNaming] = []

    /// Makes room for `count` names: a table of names growing by doubling hashes each name again.
    mutating func reserve(_ count: Int) { numbers.reserveCapacity(count) }

    /// The number of an assembly name, given on first sight. Two assembly types of the same name (from
    /// two modules) share it, so that their definitions' keys collide as their strings would.
    mutating func index(of assemblyName: String) -> Int {
        if let number = numbers[assemblyName] { return number }
        numbers[assemblyName] = namings.count
        namings.append(EntryNaming(assemblyName: assemblyName))
        return namings.count - 1
    }

    /// The names shared by the entries of the assembly numbered `number`, listed or discovered.
    func naming(_ number: Int) -> EntryNaming {
        namings[number]
    }

    func number(of assemblyType: Assembly.Type) -> Int? {
        numbers[typeName(assemblyType)]
    }
}

/// The definitions activation registers, found by call site and by key.
private struct ListedDefinitions: Sendable {
    var names = ActivatedNames()
    var listed: [Listed] = []
    private var sites = IndexTable()
    private var keys = IndexTable()

    func position(of identity: DefinitionIdentity) -> Int? {
        sites.find(hash: UInt(identity.mixed)) { listed[$0].definition.identity == identity }
    }

    func position(of name: MethodName) -> Int? {
        keys.find(hash: name.tableHash) { listed[$0].name == name }
    }

    /// The listed definition of `method` on an activated assembly type, or `nil`.
    func position(of assemblyType: Assembly.Type, method: String) -> Int? {
        guard let assembly = names.number(of: assemblyType) else { return nil }
        return position(of: MethodName(assembly: assembly, method: method))
    }

    /// The listed definition a reference names, or the one that replaces it on an activated subclass of
    /// its assembly.
    func position(of reference: DefinitionReference, in directory: AssemblyDirectory) -> Int? {
        position(of: reference.identity) ?? directory.replacingAssembly(for: reference).flatMap { position(of: $0, method: reference.function) }
    }

    /// Makes room for `count` definitions and their assemblies' names in all (once: reserving an exact
    /// capacity again and again would copy the array each time).
    mutating func reserve(_ count: Int, assemblies: Int) {
        names.reserve(assemblies)
        listed.reserveCapacity(count)
        sites.reserve(count)
        keys.reserve(count)
    }

    /// Adds a definition whose call site and key are not listed yet.
    mutating func append(_ item: Listed) {
        sites.insert(listed.count, hash: UInt(item.definition.identity.mixed))
        keys.insert(listed.count, hash: item.name.tableHash)
        listed.append(item)
    }
}

extension Dependency {
    /// What is wrong with this injection that needs no registry to see, as activation reports it: a
    /// property cast that can never succeed, configuration keys missing or not converting.
    func problems(
        key: @autoclosure () -> String, in definition: AnyDefinition, configuration: (ConfigurationReference) -> Configuration
    ) -> [ValidationReport.Finding] {
        var problems: [ValidationReport.Finding] = []
        if castCannotSucceed, let cast {
            problems.append(.propertyTypeMismatch(key(), site: site.label, supplied: cast.from, property: cast.to, location: definition.location))
        }
        for reference in target.configurationReferences {
            // A type that is not Decodable at all is the check's to report, where that can be told: on the
            // main actor, where a dynamic cast finds a conformance isolated to it too.
            if let read = reference.decodedOnMainActor, !definition.isMainActor {
                let isDecodable = read.type is any Decodable.Type
                if isDecodable || !MainActorCall.isMainActor {
                    problems.append(.configuration(key(), error: .decodedOffMainActor(
                        read.key, type: read.type, building: definition.declaredType, knownDecodable: isDecodable)))
                    continue
                }
            }
            do throws(ConfigurationError) {
                try reference.check(configuration(reference))
            } catch {
                problems.append(.configuration(key(), error: error))
            }
        }
        return problems
    }
}

extension Dependency.Target {
    /// Every configuration key this target injects, including inside collections.
    var configurationReferences: [ConfigurationReference] {
        switch self {
        case .config(let reference): [reference]
        case .collection(let targets): targets.flatMap(\.configurationReferences)
        case .definition, .type, .value, .factory, .opaque, .provider, .synchronousProvider, .allOfType: []
        }
    }
}
