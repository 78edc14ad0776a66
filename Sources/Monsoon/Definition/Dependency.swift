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

    let target: Target
    let site: InjectionSite
    /// The supplied and the receiving types, when the value is cast at build time.
    var cast: (from: Any.Type, to: Any.Type)? = nil

    /// Whether the cast can never succeed: both types are classes (optionals unwrapped) and the supplied
    /// one is not a subclass of the other. A protocol type cannot be checked without an instance.
    var castCannotSucceed: Bool {
        guard let cast,
              let from = unwrappingOptional(cast.from) as? AnyClass, let to = unwrappingOptional(cast.to) as? AnyClass
        else { return false }
        return !ClassHierarchy.isSubclass(from, of: to)
    }
}

private func unwrappingOptional(_ type: Any.Type) -> Any.Type {
    MetadataKind.wrappedType(ofOptional: type) ?? type
}
