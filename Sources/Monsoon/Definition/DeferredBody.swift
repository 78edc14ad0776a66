/// The body of a definition declared with `define(_:_:)`, kept unevaluated: activation registers the
/// definition from what `define` itself knows (its call site, method, type and scope), and the factory
/// runs the body the first time it needs the definition's content.
///
/// Unchecked `Sendable` for the reason `ParameterizedDefinition` gives: the body captures its assembly,
/// which is immutable configuration by contract, and only creates a definition.
@usableFromInline
struct DeferredBody: @unchecked Sendable {
    /// Runs the body and returns the definition it makes, declared and specialized where its type is
    /// known (the closure is made inside the inlined `define`). It is handed the stub, which carries
    /// the identity, method and scope, so that the closure need not capture them: a stub then costs one
    /// small closure context besides its own box.
    @usableFromInline let evaluate: (AnyDefinition) -> AnyDefinition

    @inlinable
    init(_ evaluate: @escaping (AnyDefinition) -> AnyDefinition) {
        self.evaluate = evaluate
    }

    /// The definition this body makes for `stub`.
    func definition(for stub: AnyDefinition) -> AnyDefinition {
        evaluate(stub)
    }
}

/// What a `Definition` value carries instead of a recipe (see `Definition.Origin.attached`): a
/// `ParameterizedDefinition` or a deferred definition's stub (`AnyDefinition.Box`).
///
/// Unchecked `Sendable`: it has no state; each subclass states why it is sendable.
@usableFromInline
class DefinitionAttachment: @unchecked Sendable {}
