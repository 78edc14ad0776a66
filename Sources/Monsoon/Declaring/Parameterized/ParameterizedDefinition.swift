/// A parameterized definition not yet evaluated: its `define(arguments:)` body, run when the factory
/// needs the definition's content. Deferring is what lets parameterized definitions refer to each other
/// (or to themselves with other arguments) without evaluating forever.
///
/// Unchecked Sendable because the body may capture its assembly, which is not Sendable: assemblies are
/// immutable configuration by contract (see `Assembly`), and the body only creates a definition.
@usableFromInline
final class ParameterizedDefinition: DefinitionAttachment, @unchecked Sendable {
    private let evaluate: () -> AnyDefinition

    init(_ evaluate: @escaping () -> AnyDefinition) {
        self.evaluate = evaluate
    }

    var definition: AnyDefinition { evaluate() }
}
