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
    /// Whether the definition's own recipe has hooks, properties or methods to run before settling.
    @usableFromInline let injects: Bool
    /// Whether the definition's own recipe has afterInjections hooks.
    @usableFromInline let hasAfterInjections: Bool
    private(set) var isDefined: Bool
    /// A parameterized definition (`define(arguments:)`), which is resolved with arguments, never listed.
    let isParameterized: Bool
    let parent: DefinitionReference?
    /// More types lookup by type finds the definition under (`exposed(as:)`).
    let exposedTypes: [Any.Type]
    /// The typed recipe behind the erased fields: one object, so copying a definition is cheap.
    let behaviour: any DefinitionBehaviour

    var dependencies: [Dependency] { behaviour.dependencies }

    /// Whether a component of `type` can receive this definition's injections: the rule for children.
    func accepts(_ type: Any.Type) -> Bool { behaviour.accepts(type) }
    /// This definition's own steps, erased, for the definitions that inherit from it.
    func inheritableSteps() -> InheritedSteps { behaviour.inheritableSteps }
    func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any { try behaviour.build(context, entry) }
    /// Boxes a built component with the declared type, for the warm path.
    func box(_ component: Any) -> AnyObject? { behaviour.box(component) }
    func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        try behaviour.injectExisting(existing, context, entry)
    }

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
        // One copy of the recipe: each read of `recipe` copies it (arrays of closures) through generic code.
        let recipe = self.recipe
        return AnyDefinition(
            identity: identity, arguments: arguments, functionName: function, assemblyType: assemblyType,
            declaredType: T.self, declaredScope: recipe.scope, isAbstract: recipe.isAbstract,
            hasInitializer: recipe.initializer != nil,
            injects: !recipe.beforeInjections.isEmpty || !recipe.properties.isEmpty || !recipe.methods.isEmpty,
            hasAfterInjections: !recipe.afterInjections.isEmpty, isDefined: isDefined,
            isParameterized: parameterizedDefinition != nil, parent: recipe.parent, exposedTypes: recipe.exposedTypes,
            behaviour: RecipeBehaviour(recipe, specializedBuild: storage?.specializedBuild, specializedMake: storage?.specializedMake))
    }
}

extension Recipe {
    /// The injections of this recipe, as data, in build order.
    var dependencies: [Dependency] {
        // Most definitions inject nothing: answer without walking (generic) arrays.
        if properties.isEmpty, methods.isEmpty, initializer?.dependencies.isEmpty ?? true { return [] }
        var result: [Dependency] = []
        for (index, target) in (initializer?.dependencies ?? []).enumerated() {
            result.append(Dependency(target: target, site: .initializer(argument: index)))
        }
        for property in properties {
            result.append(Dependency(target: property.target, site: .property(property.keyPath), cast: property.cast))
        }
        for (methodIndex, method) in methods.enumerated() {
            for (argument, target) in method.targets.enumerated() {
                result.append(Dependency(target: target, site: .method(index: methodIndex, argument: argument)))
            }
        }
        return result
    }
}

/// What an erased definition does, implemented once per component type.
protocol DefinitionBehaviour: AnyObject, Sendable {
    var dependencies: [Dependency] { get }
    /// The initializer compiled where the component type is known, when the definition was declared
    /// with `define`.
    var specializedMake: (@Sendable (Resolver) throws -> Any)? { get }
    var inheritableSteps: InheritedSteps { get }
    func accepts(_ type: Any.Type) -> Bool
    func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any
    func box(_ component: Any) -> AnyObject?
    func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any
}

/// The behaviour of a `Definition<T>`: its recipe, kept typed.
final class RecipeBehaviour<T>: DefinitionBehaviour {
    let recipe: Recipe<T>
    let dependencies: [Dependency]
    private let specializedBuild: (@Sendable (ResolutionContext, RegistryEntry) throws -> Any)?
    let specializedMake: (@Sendable (Resolver) throws -> Any)?

    init(
        _ recipe: Recipe<T>, specializedBuild: (@Sendable (ResolutionContext, RegistryEntry) throws -> Any)?,
        specializedMake: (@Sendable (Resolver) throws -> Any)?
    ) {
        self.recipe = recipe
        self.dependencies = recipe.dependencies
        self.specializedBuild = specializedBuild
        self.specializedMake = specializedMake
    }

    var inheritableSteps: InheritedSteps { recipe.inheritableSteps }

    func accepts(_ type: Any.Type) -> Bool { type == T.self || type is T.Type }

    func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        if let specializedBuild { return try specializedBuild(context, entry) }
        return try recipe.build(in: context, entry: entry)
    }

    func box(_ component: Any) -> AnyObject? {
        (component as? T).map { TypedBox($0) }
    }

    func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        try recipe.injectExisting(existing, in: context, entry: entry)
    }
}
