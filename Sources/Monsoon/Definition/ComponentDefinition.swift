/// A definition of any component type, as an assembly lists it in ``Assembly/definitions``.
///
/// `Definition` is the only conforming type you need; the protocol exists so that one array can hold
/// definitions of different component types.
public protocol ComponentDefinition: Sendable {
    /// The definition with its component type erased.
    var erased: AnyDefinition { get }
}

/// A definition with its component type erased: what the factory's registry stores.
public struct AnyDefinition: Sendable {
    let identity: DefinitionIdentity
    let functionName: StaticString
    /// The component type the definition declares: the `T` of `Definition<T>`. By-type lookup finds
    /// the definition under exactly this type.
    public let declaredType: Any.Type
    /// The scope the definition sets, or `nil` when it leaves the default (or its parent's).
    public let declaredScope: Scope?
    /// Whether the definition is abstract (only usable as a parent).
    public let isAbstract: Bool
    let hasInitializer: Bool
    let isDefined: Bool
    let isReference: Bool
    let parent: ParentReference?
    let dependencies: [Dependency]
    let build: @Sendable (ResolutionContext, RegistryEntry) throws -> Any

    /// The name of the assembly method (or property) that created the definition, like `knight()`.
    public var function: String { "\(functionName)" }
    /// Where the definition was created, like `MyApp/QuestAssembly.swift:12`.
    public var location: String { identity.location }
}

extension Definition: ComponentDefinition {
    public var erased: AnyDefinition {
        AnyDefinition(
            identity: identity, functionName: function, declaredType: T.self,
            declaredScope: recipe.scope, isAbstract: recipe.isAbstract,
            hasInitializer: recipe.initializer != nil, isDefined: origin == .defined,
            isReference: origin == .reference, parent: recipe.parent,
            dependencies: recipe.dependencies, build: { [recipe] context, entry in
                try recipe.build(in: context, entry: entry)
            })
    }
}

extension Recipe {
    /// The injections of this recipe, as data, in build order.
    var dependencies: [Dependency] {
        var result: [Dependency] = []
        for (index, target) in (initializer?.dependencies ?? []).enumerated() {
            result.append(Dependency(target: target, site: .initializer(argument: index)))
        }
        for property in properties {
            result.append(Dependency(target: property.target, site: .property(property.keyPath)))
        }
        for (methodIndex, method) in methods.enumerated() {
            for (argument, target) in method.targets.enumerated() {
                result.append(Dependency(target: target, site: .method(index: methodIndex, argument: argument)))
            }
        }
        return result
    }
}
