/// The activated assemblies, found by their own type or any superclass, so that resolving
/// `QuestAssembly.knight` reaches a `TestQuestAssembly` that replaced it.
///
/// Unchecked Sendable because `Assembly` is not Sendable: assemblies are immutable configuration by
/// contract (documented on `Assembly`), and the directory only ever calls their definition methods.
final class AssemblyDirectory: @unchecked Sendable {
    let assemblies: [Assembly]
    private let byType: [ObjectIdentifier: Assembly]

    init(_ assemblies: [Assembly]) {
        self.assemblies = assemblies
        var byType: [ObjectIdentifier: Assembly] = [:]
        for assembly in assemblies {
            var type: AnyClass? = Swift.type(of: assembly)
            while let current = type, current != Assembly.self {
                if byType[ObjectIdentifier(current)] == nil { byType[ObjectIdentifier(current)] = assembly }
                type = _getSuperclass(current)
            }
        }
        self.byType = byType
    }

    func assembly<A: Assembly>(_ type: A.Type) -> A? {
        byType[ObjectIdentifier(type)] as? A
    }

    var names: [String] { assemblies.map { typeName(Swift.type(of: $0)) } }
}
