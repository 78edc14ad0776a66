/// What an erased definition does, implemented once per component type.
protocol DefinitionBehaviour: AnyObject, Sendable {
    var dependencies: [Dependency] { get }
    /// The initializer compiled where the component type is known, when the definition was declared
    /// with `define`.
    var specializedMake: (@Sendable (Resolver) throws -> Any)? { get }
    var inheritableSteps: InheritedSteps { get }
    /// Whether the definition's hooks replace the inherited ones (`replacingInheritedHooks()`), read
    /// without erasing its steps.
    var replacesInheritedHooks: Bool { get }
    func accepts(_ type: Any.Type) -> Bool
    func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any
    /// Builds the component in an asynchronous resolution, awaiting what must be awaited.
    nonisolated(nonsending) func buildAsync(_ context: ResolutionContext, _ entry: RegistryEntry) async throws -> Any
    func box(_ component: Any) -> AnyObject?
    func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any
    /// Where the definition injects, in order.
    var injectionSites: [InjectionSite] { get }
    /// The same behaviour with the injection at `site` replaced.
    func rewriting<V>(_ site: InjectionSite, with injection: Injection<V>) throws(DefinitionRewriteError) -> any DefinitionBehaviour
    /// The same behaviour with the initializer of `provider`, an ancestor, as its own.
    func adoptingInitializer(of provider: AnyDefinition) throws(DefinitionRewriteError) -> any DefinitionBehaviour
    /// The same behaviour also injecting the inherited property at `keyPath`.
    func overridingInherited<V>(_ keyPath: AnyKeyPath & Sendable, with injection: Injection<V>) throws(DefinitionRewriteError) -> any DefinitionBehaviour
    /// Checks that `rewrite` fits this behaviour's `method`-th injected method (the argument exists and
    /// takes the replacement's type), for a child that inherits the method.
    func checkRewrite(ofMethod method: Int, _ rewrite: InheritedSteps.MethodRewrite) throws(DefinitionRewriteError)
    /// The same behaviour rewriting one argument of the inherited method at `index`.
    func rewritingInheritedMethod(_ index: Int, _ rewrite: InheritedSteps.MethodRewrite) -> any DefinitionBehaviour
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

    var inheritableSteps: InheritedSteps { recipe.inheritableSteps }

    var replacesInheritedHooks: Bool { recipe.replacesInheritedHooks }

    func accepts(_ type: Any.Type) -> Bool { type == T.self || type is T.Type }

    func box(_ component: Any) -> AnyObject? {
        (component as? T).map { TypedBox($0) }
    }
}
