/// A parameterized definition not yet evaluated: its `define(arguments:)` body, run when the factory
/// needs the definition's content. Deferring is what lets parameterized definitions refer to each other
/// (or to themselves with other arguments) without evaluating forever.
///
/// Unchecked Sendable because the body may capture its assembly, which is not Sendable: assemblies are
/// immutable configuration by contract (see `Assembly`), and the body only creates a definition.
final class ParameterizedDefinition: DefinitionAttachment, @unchecked Sendable {
    private let evaluate: () -> AnyDefinition
    /// The type its definition declares, known without evaluating it: for the message of a lookup by
    /// that type, which cannot pass arguments.
    let declaredType: Any.Type

    init(declaring declaredType: Any.Type, _ evaluate: @escaping () -> AnyDefinition) {
        self.declaredType = declaredType
        self.evaluate = evaluate
    }

    var definition: AnyDefinition { evaluate() }
}
