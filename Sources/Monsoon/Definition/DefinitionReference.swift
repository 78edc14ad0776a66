/// Where to find a definition: what injection by reference, a parent link, and resolution by definition
/// value carry.
@usableFromInline
struct DefinitionReference: Sendable {
    let identity: DefinitionIdentity
    let arguments: RuntimeArguments
    /// The declaring method's name, like `knight()`, for messages and for finding a replacement; kept as
    /// the literal so that making a reference costs no string.
    let functionName: StaticString
    /// The assembly whose method created the definition; lets a reference to a replaced assembly's
    /// method reach the subclass that replaced it.
    let assemblyType: Assembly.Type?
    /// How to evaluate a parameterized definition (its content depends on the arguments, so the registry
    /// cannot hold it in advance); `nil` for parameterless definitions.
    let parameterized: ParameterizedDefinition?
    /// The stub of the referenced definition when it was declared with `define(_:_:)`: how a definition
    /// no assembly lists is registered when the definition referring to it is first evaluated.
    let deferredStub: AnyDefinition?

    var poolKey: PoolKey { PoolKey(identity: identity, arguments: arguments) }

    var function: String { "\(functionName)" }
}
