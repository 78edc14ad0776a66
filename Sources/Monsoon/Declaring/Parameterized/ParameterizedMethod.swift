/// A parameterized definition method, declared so that it can be resolved by key with runtime
/// arguments from code that cannot import its assembly (the CTMediator style of call).
///
/// ```swift
/// override var parameterizedDefinitions: [ParameterizedMethod] { [ParameterizedMethod(QuestAssembly.knight(named:))] }
/// // elsewhere, knowing only the key:
/// let knight: Knight = try factory.resolve(key: "QuestAssembly.knight(named:)", arguments: ["Lancelot"])
/// ```
public struct ParameterizedMethod {
    /// The method's parameter types, in order.
    let parameterTypes: [Any.Type]
    /// Calls the method on `assembly` with `arguments`; `nil` when they do not fit the parameters.
    let call: (Assembly, [Any]) -> DefinitionReference?

    /// Declares `method`, an unapplied method of the assembly (`QuestAssembly.knight(named:)`).
    public init<A: Assembly, T, each Argument>(_ method: @escaping (A) -> (repeat each Argument) -> Definition<T>) {
        var types: [Any.Type] = []
        for type in repeat (each Argument).self { types.append(type) }
        parameterTypes = types
        call = { assembly, arguments in
            guard let assembly = assembly as? A, arguments.count == types.count else { return nil }
            var index = 0
            func next<V>(_: V.Type) throws(ArgumentDoesNotFit) -> V {
                defer { index += 1 }
                guard let value = arguments[index] as? V else { throw ArgumentDoesNotFit() }
                return value
            }
            do {
                let bound = method(assembly)
                let definition = try DefinitionEvaluation.with(.identifying) { try bound(repeat next((each Argument).self)) }
                return definition.reference
            } catch {
                return nil
            }
        }
    }

    /// `(String, Int)` for messages.
    var signature: String {
        "(" + parameterTypes.map { typeName($0) }.joined(separator: ", ") + ")"
    }
}

private struct ArgumentDoesNotFit: Error {}

@available(*, unavailable, message: "Parameterized methods are called on their assembly during resolution; they are not shared values.")
extension ParameterizedMethod: Sendable {}
