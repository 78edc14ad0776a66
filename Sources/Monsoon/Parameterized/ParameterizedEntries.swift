/// Registry entries for parameterized definitions, made when first resolved: their content depends on
/// the runtime arguments, so activation cannot register them in advance. Entries of shared scopes are
/// kept (their pool cell lives in the entry), keyed by definition and argument values; objectGraph and
/// prototype entries are made per resolution and kept nowhere.
final class ParameterizedEntries: Sendable {
    private let shared = Locked<[PoolKey: RegistryEntry]>([:])

    func entry(for reference: DefinitionReference, definition parameterized: ParameterizedDefinition, in factory: BlockComponentFactory,
               path: @autoclosure () -> [String]) throws(ResolutionError) -> RegistryEntry {
        let poolKey = reference.poolKey
        if let existing = shared.withLock({ $0[poolKey] }) { return existing }

        let definition = try factory.postProcessed(factory.evaluated(parameterized), path: path())
        let key = Self.key(of: definition)
        let inheritance = Inheritance { reference in factory.registeredDefinition(for: reference) }
        let resolved: Inheritance.Resolved
        do {
            resolved = try inheritance.resolve(definition)
        } catch {
            throw .invalidParent(key, explanation: error.explanation(childType: definition.declaredType), path: path() + [key])
        }
        if resolved.scope.isEager { throw .singletonWithArguments(key, path: path() + [key]) }
        let entry = RegistryEntry(assemblyName: definition.assemblyType.map { typeName($0) } ?? "", keyWithArguments: key,
                                  definition: definition, scope: resolved.scope, inherited: resolved.inherited)
        entry.reach = AsyncReach.flags(of: entry, in: factory)
        entry.publish()
        guard resolved.scope.isShared else { return entry }
        return shared.withLock { shared in
            if let raced = shared[poolKey] { return raced }
            shared[poolKey] = entry
            return entry
        }
    }

    /// `QuestAssembly.knight(named: "Lancelot")`: the method with its argument values in place.
    static func key(of definition: AnyDefinition) -> String {
        DefinitionKey(assemblyType: definition.assemblyType, method: definition.function, arguments: definition.arguments).description
    }

    static func key(of reference: DefinitionReference) -> String {
        DefinitionKey(assemblyType: reference.assemblyType, method: reference.function, arguments: reference.arguments).description
    }
}

extension BlockComponentFactory {
    /// The registered (parameterless) definition a reference points to, following assembly replacement.
    /// A deferred one is completed first; `nil` when that fails (its own resolution reports why).
    func registeredDefinition(for reference: DefinitionReference) -> AnyDefinition? {
        guard let entry = registeredEntry(for: reference), (try? prepare(entry, path: [])) != nil else { return nil }
        return entry.definition
    }
}
