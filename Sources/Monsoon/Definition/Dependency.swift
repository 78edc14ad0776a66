/// One injection a definition declares, described as data so that the factory knows the graph without
/// running user code.
@usableFromInline
struct Dependency: Sendable {
    @usableFromInline
    enum Target: Sendable {
        /// Another definition, by reference.
        case definition(DefinitionReference)
        /// Several injections whose values are collected into an array or a dictionary.
        case collection([Target])
        /// The unique definition of a type.
        case type(Any.Type)
        /// A fixed value.
        case value
        /// A configuration value, by dotted key.
        case config(ConfigurationReference)
        /// A provider of another definition: nothing is built when the provider is injected.
        case provider(DefinitionReference)
        /// Every definition that declares a type.
        case allOfType(Any.Type)
        /// User code that resolves whatever it wants (not visible without running it).
        case opaque
    }

    enum Site: Sendable {
        case initializer(argument: Int)
        case property(AnyKeyPath & Sendable)
        case method(index: Int, argument: Int)
    }

    let target: Target
    let site: Site
}
