/// A definition with its component type erased: what the factory's registry stores. Opaque: it is
/// public only because ``ComponentDefinition`` hands it over; read a definition through
/// ``DefinitionInfo`` (``BlockComponentFactory/definitions``, ``RegisteredDefinition/info``).
public struct AnyDefinition: Sendable {
    private(set) var identity: DefinitionIdentity
    private(set) var arguments: RuntimeArguments
    private(set) var functionName: StaticString
    private(set) var assemblyType: Assembly.Type?
    /// The component type the definition declares: the `T` of `Definition<T>`. By-type lookup finds
    /// the definition under exactly this type.
    let declaredType: Any.Type
    /// The scope the definition sets, or `nil` when it leaves the default (or its parent's).
    var declaredScope: Scope?
    /// Whether the definition is abstract (only usable as a parent).
    let isAbstract: Bool
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
    /// Whether the definition's own initializer is `async`: only an asynchronous resolution builds it.
    let isAsync: Bool
    /// Whether the component is built on the main actor (its initializer or a hook is isolated to it).
    let isMainActor: Bool
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
        exposedTypes: [Any.Type], isAsync: Bool, isMainActor: Bool, behaviour: RecipeBehaviour<T>
    ) {
        self.isAsync = isAsync
        self.isMainActor = isMainActor
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
    nonisolated(nonsending) func buildAsync(_ context: ResolutionContext, _ entry: RegistryEntry) async throws -> Any {
        try await behaviour.buildAsync(context, entry)
    }
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

    /// Whether a module's binder made it.
    var isBinding: Bool { bindingName != nil }

    /// Whether only its name finds it: a named binding is not found by type, as in Objection.
    var isFoundByNameOnly: Bool { bindingName?.isExplicit ?? false }

    /// The name of the assembly method (or property) that created the definition, like `knight()`, or
    /// of a module's binding.
    var function: String { bindingName?.name ?? "\(functionName)" }
    /// Where the definition was created, like `MyApp/QuestAssembly.swift:12`.
    var location: String { identity.location }
}
