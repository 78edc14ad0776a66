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
    private(set) var behaviour: any DefinitionBehaviour

    /// Generic in the behaviour's component type rather than taking `any DefinitionBehaviour`, so that the
    /// protocol stays internal: were it usable from inlinable code, the optimizer could no longer
    /// assume `RecipeBehaviour` is its only conformer, and every build would pay a dynamic dispatch.
    @usableFromInline
    init<T>(
        identity: DefinitionIdentity, arguments: RuntimeArguments, functionName: StaticString, assemblyType: Assembly.Type?,
        declaredType: Any.Type, declaredScope: Scope?, isAbstract: Bool, hasInitializer: Bool, injects: Bool,
        hasAfterInjections: Bool, isDefined: Bool, isParameterized: Bool, parent: DefinitionReference?,
        exposedTypes: [Any.Type], behaviour: RecipeBehaviour<T>
    ) {
        self.identity = identity
        self.arguments = arguments
        self.functionName = functionName
        self.assemblyType = assemblyType
        self.declaredType = declaredType
        self.declaredScope = declaredScope
        self.isAbstract = isAbstract
        self.hasInitializer = hasInitializer
        self.injects = injects
        self.hasAfterInjections = hasAfterInjections
        self.isDefined = isDefined
        self.isParameterized = isParameterized
        self.parent = parent
        self.exposedTypes = exposedTypes
        self.behaviour = behaviour
    }

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

    /// The name a module's binding was given (`binder.bind(…, named: "staging")`), or the name made from
    /// the bound type for an unnamed one; `nil` for a definition made by an assembly method.
    private(set) var bindingName: (name: String, isExplicit: Bool)?

    /// This definition as the binding of a ``Module``, keyed by `name`.
    func bound(as name: String, explicitly: Bool) -> AnyDefinition {
        var copy = self
        copy.bindingName = (name, explicitly)
        return copy
    }

    /// This definition with one injection replaced; see ``RegisteredDefinition/replaceInjection(at:with:)``.
    func rewriting<V>(_ site: InjectionSite, with injection: Injection<V>) throws(InjectionRewriteError) -> AnyDefinition {
        var copy = self
        copy.behaviour = try behaviour.rewriting(site, with: injection)
        return copy
    }

    /// Whether only its name finds it: a named binding is not found by type, as in Objection.
    var isFoundByNameOnly: Bool { bindingName?.isExplicit ?? false }

    /// The name of the assembly method (or property) that created the definition, like `knight()`, or
    /// of a module's binding.
    public var function: String { bindingName?.name ?? "\(functionName)" }
    /// Where the definition was created, like `MyApp/QuestAssembly.swift:12`.
    public var location: String { identity.location }
}

extension Definition: ComponentDefinition {
    @usableFromInline var isDefined: Bool {
        if case .defined = origin { return true }
        return false
    }

    public var erased: AnyDefinition {
        // Made by `specialized()` where `T` is known, for a definition `define` returned unchanged: the
        // generic path below fetches type metadata at nearly every step (about 8,000 instructions).
        if let made = storage?.erased, made.identity == identity { return made }
        return erased(specializedBuild: storage?.specializedBuild, specializedMake: storage?.specializedMake)
    }

    /// The erased definition, with the given specialized closures; made where `T` is known when inlined
    /// into `specialized()`.
    @inlinable
    func erased(
        specializedBuild: (@Sendable (ResolutionContext, RegistryEntry) throws -> Any)?,
        specializedMake: (@Sendable (Resolver) throws -> Any)?
    ) -> AnyDefinition {
        // One copy of the recipe: each read of `recipe` copies it (arrays of closures).
        let recipe = storage?.recipe ?? Recipe()
        let injects = !recipe.beforeInjections.isEmpty || !recipe.properties.isEmpty || !recipe.methods.isEmpty
        let hasDependencies = injects || !(recipe.initializer?.dependencies.isEmpty ?? true)
        return AnyDefinition(
            identity: identity, arguments: arguments, functionName: function, assemblyType: assemblyType,
            declaredType: T.self, declaredScope: recipe.scope, isAbstract: recipe.isAbstract,
            hasInitializer: recipe.initializer != nil, injects: injects,
            hasAfterInjections: !recipe.afterInjections.isEmpty, isDefined: isDefined,
            isParameterized: isParameterized, parent: recipe.parent, exposedTypes: recipe.exposedTypes,
            behaviour: RecipeBehaviour(recipe, dependencies: hasDependencies ? recipe.dependencies : [],
                                       specializedBuild: specializedBuild, specializedMake: specializedMake))
    }
}

extension Recipe {
    /// The injections of this recipe, as data, in build order.
    @usableFromInline var dependencies: [Dependency] {
        // Most definitions inject nothing: answer without walking (generic) arrays.
        if properties.isEmpty, methods.isEmpty, initializer?.dependencies.isEmpty ?? true { return [] }
        var result: [Dependency] = []
        for (index, target) in (initializer?.dependencies ?? []).enumerated() {
            result.append(Dependency(target: target, site: .initializerArgument(index)))
        }
        for property in properties {
            result.append(Dependency(target: property.target, site: .property(property.keyPath), cast: property.cast))
        }
        for (methodIndex, method) in methods.enumerated() {
            for (argument, target) in method.targets.enumerated() {
                result.append(Dependency(target: target, site: .methodArgument(method: methodIndex, argument: argument)))
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
    /// Where the definition injects, in order.
    var injectionSites: [InjectionSite] { get }
    /// The same behaviour with the injection at `site` replaced.
    func rewriting<V>(_ site: InjectionSite, with injection: Injection<V>) throws(InjectionRewriteError) -> any DefinitionBehaviour
}

/// The behaviour of a `Definition<T>`: its recipe, kept typed.
@usableFromInline
final class RecipeBehaviour<T>: DefinitionBehaviour {
    @usableFromInline let recipe: Recipe<T>
    @usableFromInline let dependencies: [Dependency]
    @usableFromInline let specializedBuild: (@Sendable (ResolutionContext, RegistryEntry) throws -> Any)?
    @usableFromInline let specializedMake: (@Sendable (Resolver) throws -> Any)?

    /// - Parameter dependencies: `recipe.dependencies`, passed in so that the caller, inlined where `T`
    ///   is known, skips walking the recipe's arrays when it has none.
    @inlinable
    init(
        _ recipe: Recipe<T>, dependencies: [Dependency], specializedBuild: (@Sendable (ResolutionContext, RegistryEntry) throws -> Any)?,
        specializedMake: (@Sendable (Resolver) throws -> Any)?
    ) {
        self.recipe = recipe
        self.dependencies = dependencies
        self.specializedBuild = specializedBuild
        self.specializedMake = specializedMake
    }

    @usableFromInline var inheritableSteps: InheritedSteps { recipe.inheritableSteps }

    @usableFromInline func accepts(_ type: Any.Type) -> Bool { type == T.self || type is T.Type }

    @usableFromInline func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        if let specializedBuild { return try specializedBuild(context, entry) }
        return try recipe.build(in: context, entry: entry)
    }

    @usableFromInline func box(_ component: Any) -> AnyObject? {
        (component as? T).map { TypedBox($0) }
    }

    @usableFromInline func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        try recipe.injectExisting(existing, in: context, entry: entry)
    }
}
