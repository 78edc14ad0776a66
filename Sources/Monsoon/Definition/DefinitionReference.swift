/// Where to find a definition: what injection by reference, a parent link, and resolution by definition
/// value carry.
struct DefinitionReference: Sendable {
    let identity: DefinitionIdentity
    let arguments: RuntimeArguments
    /// The declaring method's name, like `knight()`, for messages and for finding a replacement.
    let function: String
    /// The assembly whose method created the definition; lets a reference to a replaced assembly's
    /// method reach the subclass that replaced it.
    let assemblyType: Assembly.Type?
    /// The evaluated definition, for a parameterized one (its content depends on the arguments, so the
    /// registry cannot hold it in advance). `nil` for parameterless definitions and cycle references.
    let parameterized: ParameterizedDefinition?

    var poolKey: PoolKey { PoolKey(identity: identity, arguments: arguments) }
}

/// An evaluated parameterized definition, boxed because a definition's references may contain one.
final class ParameterizedDefinition: Sendable {
    let definition: AnyDefinition
    init(_ definition: AnyDefinition) { self.definition = definition }
}
