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
    private(set) var identity: DefinitionIdentity
    private(set) var arguments: RuntimeArguments
    private(set) var functionName: StaticString
    private(set) var assemblyType: Assembly.Type?
    /// The component type the definition declares: the `T` of `Definition<T>`. By-type lookup finds
    /// the definition under exactly this type.
    public let declaredType: Any.Type
    /// The scope the definition sets, or `nil` when it leaves the default (or its parent's).
    public internal(set) var declaredScope: Scope?
    /// Whether the definition is abstract (only usable as a parent).
    public let isAbstract: Bool
    let hasInitializer: Bool
    private(set) var isDefined: Bool
    /// A parameterized definition (`define(arguments:)`), which is resolved with arguments, never listed.
    let isDeferred: Bool
    let parent: DefinitionReference?
    let dependencies: [Dependency]
    /// Whether a component of `type` can receive this definition's injections: the rule for children.
    let accepts: @Sendable (Any.Type) -> Bool
    /// This definition's own steps, erased, for the definitions that inherit from it.
    let inheritableSteps: @Sendable () -> InheritedSteps
    let build: @Sendable (ResolutionContext, RegistryEntry) throws -> Any
    let injectExisting: @Sendable (Any, ResolutionContext, RegistryEntry) throws -> Any

    /// Takes over `original`'s identity, so that references to `original` reach this definition.
    mutating func adopt(identityOf original: AnyDefinition) {
        identity = original.identity
        arguments = original.arguments
        functionName = original.functionName
        assemblyType = original.assemblyType
        isDefined = true
    }

    /// The name of the assembly method (or property) that created the definition, like `knight()`.
    public var function: String { "\(functionName)" }
    /// Where the definition was created, like `MyApp/QuestAssembly.swift:12`.
    public var location: String { identity.location }
}

extension Definition: ComponentDefinition {
    var isDefined: Bool {
        if case .defined = origin { return true }
        return false
    }

    public var erased: AnyDefinition {
        AnyDefinition(
            identity: identity, arguments: arguments, functionName: function, assemblyType: assemblyType,
            declaredType: T.self, declaredScope: recipe.scope, isAbstract: recipe.isAbstract,
            hasInitializer: recipe.initializer != nil, isDefined: isDefined, isDeferred: deferred != nil,
            parent: recipe.parent, dependencies: recipe.dependencies,
            accepts: { type in type == T.self || type is T.Type },
            inheritableSteps: { [recipe] in recipe.inheritableSteps },
            build: { [recipe] context, entry in try recipe.build(in: context, entry: entry) },
            injectExisting: { [recipe] existing, context, entry in try recipe.injectExisting(existing, in: context, entry: entry) })
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
