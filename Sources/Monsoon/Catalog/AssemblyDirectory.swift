import Foundation

/// The activated assemblies, found by their own type or any superclass, so that resolving
/// `QuestAssembly.knight` reaches a `TestQuestAssembly` that replaced it.
///
/// Unchecked Sendable because `Assembly` is not Sendable: assemblies are immutable configuration by
/// contract (documented on `Assembly`), and the directory only ever calls their definition methods.
/// The names are computed on first use: printing a type's name is slow, and activation
/// needs only each assembly's own name.
@usableFromInline
final class AssemblyDirectory: @unchecked Sendable {
    let assemblies: [Assembly]
    @usableFromInline let byType: [ObjectIdentifier: Assembly]
    /// The same as `byType` for an app with few assembly types: scanning a few pointers is cheaper than
    /// hashing one, and this lookup runs on every resolution by method reference.
    @usableFromInline let fewTypes: [TypedAssembly]?

    @usableFromInline
    struct TypedAssembly: @unchecked Sendable {
        // Unchecked for the same reason as the directory: assemblies are immutable configuration.
        @usableFromInline let type: ObjectIdentifier
        @usableFromInline let assembly: Assembly
    }
    private let namesCache = Locked<Names?>(nil)

    private struct Names {
        var byName: [String: Assembly] = [:]
        var replacements: [(assembly: String, replaces: [String])] = []
        var parameterized: [ObjectIdentifier: [ParameterizedMethod]] = [:]
    }

    /// For each activated collaborator, the assembly that declared or held it, by the collaborator's
    /// type name.
    let collaboratorOf: [String: String]

    /// What the factory was given, for derived factories: the assemblies passed (their collaborators
    /// are found again) and the assembly types left out of collaborator discovery.
    let given: (assemblies: [Assembly], excluded: [Assembly.Type])

    init(_ found: [Collaborators.Found], given: [Assembly], excluded: [Assembly.Type]) {
        self.given = (given, excluded)
        let assemblies = found.map(\.assembly)
        self.assemblies = assemblies
        var collaboratorOf: [String: String] = [:]
        for item in found {
            if let holder = item.collaboratorOf { collaboratorOf[typeName(Swift.type(of: item.assembly))] = holder }
        }
        self.collaboratorOf = collaboratorOf
        var byType: [ObjectIdentifier: Assembly] = [:]
        byType.reserveCapacity(assemblies.count)
        var inOrder: [TypedAssembly] = []
        inOrder.reserveCapacity(assemblies.count)
        for assembly in assemblies {
            for type in ClassHierarchy.lineage(of: Swift.type(of: assembly), upTo: Assembly.self) where byType[ObjectIdentifier(type)] == nil {
                byType[ObjectIdentifier(type)] = assembly
                inOrder.append(TypedAssembly(type: ObjectIdentifier(type), assembly: assembly))
            }
        }
        self.byType = byType
        // In activation order, so that the cost of a lookup does not depend on the hash seed.
        self.fewTypes = inOrder.count <= 16 ? inOrder : nil
    }

    private var names: Names {
        if let known = namesCache.current { return known }
        // Computed outside the lock: listing parameterized methods runs the assemblies' code.
        var names = Names()
        for assembly in assemblies {
            var superclasses: [String] = []
            for type in ClassHierarchy.lineage(of: Swift.type(of: assembly), upTo: Assembly.self) {
                let name = typeName(type)
                if names.byName[name] == nil { names.byName[name] = assembly }
                if type != Swift.type(of: assembly) { superclasses.append(name) }
            }
            if !superclasses.isEmpty { names.replacements.append((typeName(Swift.type(of: assembly)), superclasses)) }
            names.parameterized[ObjectIdentifier(assembly)] = DefinitionEvaluation.with(.idle) { assembly.parameterizedDefinitions }
        }
        return namesCache.withLock { cache in
            if let cache { return cache }
            cache = names
            return names
        }
    }

    /// For each activated assembly that is a subclass of another assembly type: the names it replaces.
    var replacements: [(assembly: String, replaces: [String])] { names.replacements }

    /// The activated assembly answering to `name` (its own or a replaced superclass's), with its declared
    /// parameterized methods.
    func parameterizedMethods(ofAssemblyNamed name: String) -> (assembly: Assembly, methods: [ParameterizedMethod])? {
        let names = self.names
        guard let assembly = names.byName[name] else { return nil }
        return (assembly, names.parameterized[ObjectIdentifier(assembly)] ?? [])
    }

    @inlinable
    func assembly<A: Assembly>(_ type: A.Type) -> A? {
        // Keyed by A and its superclasses when filled, so the value is an A: no dynamic cast needed.
        let wanted = ObjectIdentifier(type)
        if let fewTypes {
            for candidate in fewTypes where candidate.type == wanted { return uncheckedCast(candidate.assembly, to: A.self) }
            return nil
        }
        guard let assembly = byType[wanted] else { return nil }
        return uncheckedCast(assembly, to: A.self)
    }

    var assemblyNames: [String] { assemblies.map { typeName(Swift.type(of: $0)) } }

    /// The activated assembly of `type`, of a subclass of it, or of a superclass of it; not one that
    /// only shares a base class with it (two assemblies of an app's common base are not related).
    func assembly(related type: Assembly.Type) -> Assembly? {
        assemblies.first { activated in
            let activatedType = Swift.type(of: activated)
            return ClassHierarchy.isSubclass(type, of: activatedType) || ClassHierarchy.isSubclass(activatedType, of: type)
        }
    }

    /// The key a reference has in this factory when its assembly was replaced by a subclass: a reference
    /// made through a `QuestAssembly` instance reaches `DragonQuestAssembly.quest()`.
    func replacementKey(for reference: DefinitionReference) -> String? {
        replacingAssembly(for: reference).map { DefinitionKey(assemblyType: $0, method: reference.function).description }
    }

    /// The activated subclass that replaced the assembly a reference was made through, or `nil` when that
    /// assembly itself (or none) was activated.
    func replacingAssembly(for reference: DefinitionReference) -> Assembly.Type? {
        replacingAssembly(of: reference.assemblyType)
    }

    /// The activated subclass that replaced `type`, or `nil` when `type` itself (or none) was activated.
    func replacingAssembly(of type: Assembly.Type?) -> Assembly.Type? {
        guard let type, let activated = byType[ObjectIdentifier(type)], Swift.type(of: activated) != type else { return nil }
        return Swift.type(of: activated)
    }

    /// Whether an activated subclass replaced `type`.
    func isReplaced(_ type: Assembly.Type?) -> Bool { replacingAssembly(of: type) != nil }

    /// The assembly name a definition no assembly lists is registered under when a registered one reaches
    /// it by reference: its own assembly's, or that of the activated subclass that replaced it (as
    /// `replacementKey` names a listed one); `nil` when neither was activated.
    func discoveryAssemblyName(for type: Assembly.Type?) -> String? {
        guard let type, let activated = byType[ObjectIdentifier(type)] else { return nil }
        return typeName(Swift.type(of: activated))
    }

    /// The key `key` stands for when it names a replaced assembly: `QuestAssembly.quest()` becomes
    /// `DragonQuestAssembly.quest()`.
    func replacementKey(for key: String) -> String? {
        guard let parsed = DefinitionKey(parsing: key), let activated = names.byName[parsed.assembly] else { return nil }
        return parsed.on(assembly: typeName(Swift.type(of: activated))).description
    }
}

extension AssemblyDirectory {
    /// An activated assembly holding `type` (or a superclass of it) in a `lazy var`, which discovery
    /// cannot see into: `("ServiceAssembly", "network", "NetworkAssembly")`, for the message about a
    /// reference into it.
    func lazyHolder(of type: Assembly.Type?) -> (holder: String, property: String, held: String)? {
        guard let type else { return nil }
        for assembly in assemblies {
            for (property, held) in AssemblyFields.lazyAssemblyProperties(of: Swift.type(of: assembly))
            where ClassHierarchy.isSubclass(type, of: held) {
                return (typeName(Swift.type(of: assembly)), property, typeName(held))
            }
        }
        return nil
    }
}
