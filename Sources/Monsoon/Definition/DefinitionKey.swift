/// A definition's readable key: the assembly type's name, the method with its argument labels and, for a
/// parameterized definition resolved with values, those values. The one place keys are built and parsed.
///
/// ```
/// QuestAssembly.knight()                      parameterless
/// QuestAssembly.knight(named:)                a parameterized method, as resolve(key:arguments:) names it
/// QuestAssembly.knight(named: "Lancelot")     a parameterized definition with its argument values
/// ```
struct DefinitionKey: Hashable, Sendable, CustomStringConvertible {
    /// The assembly type's name, as `typeName` prints it.
    let assembly: String
    /// The method with its labels: `knight()`, `knight(named:)`.
    let method: String
    let arguments: RuntimeArguments

    init(assembly: String, method: String, arguments: RuntimeArguments = .none) {
        self.assembly = assembly
        self.method = method
        self.arguments = arguments
    }

    init(assemblyType: Assembly.Type?, method: String, arguments: RuntimeArguments = .none) {
        self.init(assembly: assemblyType.map { typeName($0) } ?? "", method: method, arguments: arguments)
    }

    /// Reads a key someone wrote (`QuestAssembly.knight(named:)`); `nil` when it names no method of a type.
    init?(parsing key: String) {
        let open = key.firstIndex(of: "(") ?? key.endIndex
        guard let dot = key[..<open].lastIndex(of: ".") else { return nil }
        self.init(assembly: String(key[..<dot]), method: String(key[key.index(after: dot)...]))
    }

    /// The same method on another assembly: how a key of a replaced assembly reaches its replacement.
    func on(assembly: String) -> DefinitionKey {
        DefinitionKey(assembly: assembly, method: method, arguments: arguments)
    }

    /// `QuestAssembly.knight()`, or with argument values in place of the labels'
    /// placeholders: `QuestAssembly.knight(named: "Lancelot")`.
    var description: String {
        let prefix = assembly.isEmpty ? "" : assembly + "."
        guard !arguments.isEmpty else { return prefix + method }
        let values = arguments.values.map { value in
            (value.base as? String).map { "\"\($0)\"" } ?? String(describing: value.base)
        }
        guard let open = method.firstIndex(of: "("), method.hasSuffix(")") else {
            return prefix + method + arguments.description
        }
        let labels = method[method.index(after: open)..<method.index(before: method.endIndex)]
            .split(separator: ":", omittingEmptySubsequences: false).dropLast()
        guard labels.count == values.count else { return prefix + method + arguments.description }
        let parts = zip(labels, values).map { label, value in label == "_" ? value : "\(label): \(value)" }
        return prefix + method[..<open] + "(" + parts.joined(separator: ", ") + ")"
    }
}
