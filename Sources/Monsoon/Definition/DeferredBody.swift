/// The body of a definition declared with `define(_:_:)`, kept unevaluated: activation registers the
/// definition from what `define` itself knows (its call site, method, type and scope), and the factory
/// runs the body the first time it needs the definition's content.
///
/// Unchecked `Sendable` for the reason `ParameterizedDefinition` gives: the body captures its assembly,
/// which is immutable configuration by contract, and only creates a definition.
@usableFromInline
struct DeferredBody: @unchecked Sendable {
    /// Runs the body and returns the definition it makes, declared and specialized where its type is
    /// known (the closure is made inside the inlined `define`). It is handed the stub, whose box
    /// (a `DeferredStub`) holds the body, identity, method and scope, so that the closure captures
    /// nothing and allocates no context: a stub is one object.
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

/// A deferred definition's stub: the box of what `define(_:_:)` knows, holding the body typed, for its
/// `DeferredBody` to run.
@usableFromInline
final class DeferredStub<T>: AnyDefinition.Box, @unchecked Sendable {
    @usableFromInline let body: () -> Definition<T>
    /// What `define` applies to the body's definition; a closure that captures nothing.
    @usableFromInline let finish: ((Definition<T>) -> Definition<T>)?

    @inlinable
    init(_ body: @escaping () -> Definition<T>, finish: ((Definition<T>) -> Definition<T>)?, identity: DefinitionIdentity,
         functionName: StaticString, assemblyType: Assembly.Type, scope: Scope, evaluate: DeferredBody) {
        self.body = body
        self.finish = finish
        super.init(stub: identity, functionName: functionName, assemblyType: assemblyType, declaredType: T.self, scope: scope,
                   deferred: evaluate)
    }

    private init(_ fields: AnyDefinition.Fields, body: @escaping () -> Definition<T>, finish: ((Definition<T>) -> Definition<T>)?) {
        self.body = body
        self.finish = finish
        super.init(fields)
    }

    override func holding(_ fields: AnyDefinition.Fields) -> AnyDefinition.Box {
        DeferredStub(fields, body: body, finish: finish)
    }

    /// The activated assembly's type and the scope `define` gave, which a stub always has.
    @usableFromInline var assemblyType: Assembly.Type { fields.assemblyType ?? Assembly.self }
    @usableFromInline var scope: Scope { fields.declaredScope ?? .objectGraph }
}

/// What a `Definition` value carries instead of a recipe (see `Definition.Origin.attached`): a
/// `ParameterizedDefinition` or a deferred definition's stub (`AnyDefinition.Box`).
///
/// Unchecked `Sendable`: it has no state; each subclass states why it is sendable.
@usableFromInline
class DefinitionAttachment: @unchecked Sendable {}
