/// The activated assemblies, found by their own type or any superclass, so that resolving
/// `QuestAssembly.knight` reaches a `TestQuestAssembly` that replaced it.
///
/// Unchecked Sendable because `Assembly` is not Sendable: assemblies are immutable configuration by
/// contract (documented on `Assembly`), and the directory only ever calls their definition methods.
final class AssemblyDirectory: @unchecked Sendable {
    let assemblies: [Assembly]
    private let byType: [ObjectIdentifier: Assembly]
    private let byName: [String: Assembly]
    /// For each activated assembly that is a subclass of another assembly type: the names it replaces.
    let replacements: [(assembly: String, replaces: [String])]
    /// Each assembly's declared parameterized methods, by the object identity of the assembly.
    private let parameterized: [ObjectIdentifier: [ParameterizedMethod]]

    init(_ assemblies: [Assembly]) {
        self.assemblies = assemblies
        var byType: [ObjectIdentifier: Assembly] = [:]
        var byName: [String: Assembly] = [:]
        var replacements: [(assembly: String, replaces: [String])] = []
        for assembly in assemblies {
            var superclasses: [String] = []
            var type: AnyClass? = Swift.type(of: assembly)
            while let current = type, current != Assembly.self {
                if byType[ObjectIdentifier(current)] == nil { byType[ObjectIdentifier(current)] = assembly }
                if byName[typeName(current)] == nil { byName[typeName(current)] = assembly }
                if current != Swift.type(of: assembly) { superclasses.append(typeName(current)) }
                type = _getSuperclass(current)
            }
            if !superclasses.isEmpty { replacements.append((typeName(Swift.type(of: assembly)), superclasses)) }
        }
        self.byType = byType
        self.byName = byName
        self.replacements = replacements
        var parameterized: [ObjectIdentifier: [ParameterizedMethod]] = [:]
        for assembly in assemblies {
            parameterized[ObjectIdentifier(assembly)] = DefinitionEvaluation.with(.idle) { assembly.parameterizedDefinitions }
        }
        self.parameterized = parameterized
    }

    /// The activated assembly answering to `name` (its own or a replaced superclass's), with its declared
    /// parameterized methods.
    func parameterizedMethods(ofAssemblyNamed name: String) -> (assembly: Assembly, methods: [ParameterizedMethod])? {
        guard let assembly = byName[name] else { return nil }
        return (assembly, parameterized[ObjectIdentifier(assembly)] ?? [])
    }

    func assembly<A: Assembly>(_ type: A.Type) -> A? {
        byType[ObjectIdentifier(type)] as? A
    }

    var names: [String] { assemblies.map { typeName(Swift.type(of: $0)) } }

    /// The key a reference has in this factory when its assembly was replaced by a subclass: a reference
    /// made through a `QuestAssembly` instance reaches `DragonQuestAssembly.quest()`.
    func replacementKey(for reference: DefinitionReference) -> String? {
        guard let type = reference.assemblyType, let activated = byType[ObjectIdentifier(type)] else { return nil }
        return "\(typeName(Swift.type(of: activated))).\(reference.function)"
    }

    /// The key `key` stands for when it names a replaced assembly: `QuestAssembly.quest()` becomes
    /// `DragonQuestAssembly.quest()`.
    func replacementKey(for key: String) -> String? {
        let method = key.firstIndex(of: "(") ?? key.endIndex
        guard let dot = key[..<method].lastIndex(of: ".") else { return nil }
        guard let activated = byName[String(key[..<dot])] else { return nil }
        return typeName(Swift.type(of: activated)) + key[dot...]
    }
}
