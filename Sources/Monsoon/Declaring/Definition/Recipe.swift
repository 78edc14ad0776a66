/// Everything a definition says about building one component, kept typed as `T` so that building it
/// needs no casts.
///
/// No stored property has a default value, and no optional one is written `T?` (which gives it `nil`
/// by default): `init` assigns every field. With a default, the initializer's value is stored field by
/// field after the defaults, and the optimizer then leaves a copy and a destroy of the whole value in
/// each inlined initializer, both through a value witness (about 300 instructions per inlined
/// initializer; a definition's body inlines two).
@usableFromInline
struct Recipe<T>: Sendable {
    @usableFromInline var initializer: Optional<Initializer<T>>
    @usableFromInline var properties: [PropertyInjection<T>]
    @usableFromInline var methods: [MethodInjection<T>]
    @usableFromInline var beforeInjections: [@Sendable (T) -> Void]
    @usableFromInline var afterInjections: [@Sendable (T) -> Void]
    /// Run when a child factory that pools the component closes (`teardown(_:)`).
    @usableFromInline var teardowns: [@Sendable (T) -> Void]
    @usableFromInline var scope: Optional<Scope>
    @usableFromInline var isAbstract: Bool
    /// Whether the component is built on the main actor: its initializer, or a hook, is isolated to it.
    @usableFromInline var isMainActor: Bool
    /// What few definitions set (a parent, exposed types, replaced hooks, rewritten inherited methods), in
    /// one shared object: it keeps the recipe (96 bytes) small enough that generic code, like
    /// `RecipeBehaviour`'s deinitializer, which is never specialized, destroys it field by field; a larger
    /// one it destroyed through a metadata lookup and a value witness (Docs/Performance.md, "Rules that
    /// still hold").
    @usableFromInline var rare: Optional<RareRecipeFields>

    @usableFromInline var parent: DefinitionReference? {
        @inlinable get { rare?.parent }
        set {
            rare = RareRecipeFields(
                parent: newValue, exposedTypes: exposedTypes,
                replacesInheritedHooks: replacesInheritedHooks, inheritedMethodRewrites: inheritedMethodRewrites, doubles: doubles)
        }
    }
    /// More types lookup by type finds the definition under (`exposed(as:)`).
    @usableFromInline var exposedTypes: [Any.Type] {
        @inlinable get { rare?.exposedTypes ?? [] }
        set {
            rare = RareRecipeFields(
                parent: parent, exposedTypes: newValue,
                replacesInheritedHooks: replacesInheritedHooks, inheritedMethodRewrites: inheritedMethodRewrites, doubles: doubles)
        }
    }
    /// Whether this definition's hooks replace the inherited hooks of the same kind, as in Typhoon
    /// (`replacingInheritedHooks()`), rather than run after them.
    @usableFromInline var replacesInheritedHooks: Bool {
        get { rare?.replacesInheritedHooks ?? false }
        set {
            rare = RareRecipeFields(
                parent: parent, exposedTypes: exposedTypes,
                replacesInheritedHooks: newValue, inheritedMethodRewrites: inheritedMethodRewrites, doubles: doubles)
        }
    }
    /// Arguments of inherited methods this definition rewrites (see `InheritedSteps.methodRewrites`).
    var inheritedMethodRewrites: [Int: [InheritedSteps.MethodRewrite]] {
        get { rare?.inheritedMethodRewrites ?? [:] }
        set {
            rare = RareRecipeFields(
                parent: parent, exposedTypes: exposedTypes,
                replacesInheritedHooks: replacesInheritedHooks, inheritedMethodRewrites: newValue, doubles: doubles)
        }
    }
    /// The test and preview doubles declared beside the definition, and whether it is live-only
    /// (`testDouble(_:)`, `previewDouble(_:)`, `liveOnly()`).
    var doubles: DeclaredDoubles? {
        get { rare?.doubles }
        set {
            rare = RareRecipeFields(
                parent: parent, exposedTypes: exposedTypes,
                replacesInheritedHooks: replacesInheritedHooks, inheritedMethodRewrites: inheritedMethodRewrites, doubles: newValue)
        }
    }

    /// What compiling and erasing a definition read from its recipe, in one value: read where the recipe
    /// is borrowed from its storage, so that neither copies the recipe (a copy of `Recipe<T>` goes
    /// through its value witness, about 200 instructions).
    @inlinable var facts: (
        injects: Bool, hasDependencies: Bool, hasInitializer: Bool, isAsync: Bool, hasAfterInjections: Bool, isAbstract: Bool,
        isMainActor: Bool, scope: Scope?
    ) {
        let injects = !beforeInjections.isEmpty || !properties.isEmpty || !methods.isEmpty
        return (injects, injects || !(initializer?.dependencies.isEmpty ?? true), initializer != nil, initializer?.isAsync ?? false,
                !afterInjections.isEmpty, isAbstract, isMainActor, scope)
    }

    /// What makes the initializer's `make`, erased for a detached build, from the storage holding this
    /// recipe (`nil` without an initializer). Compiled where `T` is known, it captures nothing; the build
    /// it makes captures `make`, an object, made only for an entry that builds detached (most do not: a
    /// shared or injecting component never does), not for every definition.
    @inlinable var detachedMaker: DetachedMaker? {
        guard initializer != nil else { return nil }
        return { storage in
            guard let make = uncheckedCast(storage, to: RecipeBehaviour<T>.self).recipe.initializer?.make else { return nil }
            return { resolver in try make(resolver) }
        }
    }

    /// Inlinable so that making a recipe in a definition's body (once per definition at activation)
    /// runs code specialized for `T` instead of generic code that fetches type metadata.
    @inlinable
    init(initializer: Initializer<T>? = nil) {
        self.initializer = initializer
        self.properties = []
        self.methods = []
        self.beforeInjections = []
        self.afterInjections = []
        self.teardowns = []
        self.scope = nil
        self.isAbstract = false
        self.isMainActor = false
        self.rare = nil
    }
}

/// The fields of a `Recipe` few definitions set: immutable, shared by the recipe's copies, replaced
/// whole when one of them changes a field.
@usableFromInline
final class RareRecipeFields: Sendable {
    @usableFromInline let parent: DefinitionReference?
    @usableFromInline let exposedTypes: [Any.Type]
    let replacesInheritedHooks: Bool
    let inheritedMethodRewrites: [Int: [InheritedSteps.MethodRewrite]]
    let doubles: DeclaredDoubles?

    init(parent: DefinitionReference?, exposedTypes: [Any.Type], replacesInheritedHooks: Bool,
         inheritedMethodRewrites: [Int: [InheritedSteps.MethodRewrite]], doubles: DeclaredDoubles?) {
        self.parent = parent
        self.exposedTypes = exposedTypes
        self.replacesInheritedHooks = replacesInheritedHooks
        self.inheritedMethodRewrites = inheritedMethodRewrites
        self.doubles = doubles
    }
}

/// How the component itself is made: a closure built where the definition's types are known (so it
/// runs specialized), and its arguments described as data so that activation can read them.
@usableFromInline
struct Initializer<Component>: Sendable {
    /// What activation and post-processors read; in one object so that a build, which copies the
    /// initializer to call it, retains one reference for all of it.
    @usableFromInline let shape: CallShape
    @usableFromInline let make: @Sendable (Resolver) throws -> Component
    /// For an `async` initializer: produces the arguments within the resolution, synchronously, and
    /// returns the call for the asynchronous resolution to await. `make` then throws
    /// ``UnmetBuildRequirement``: a synchronous resolution cannot wait for it.
    @usableFromInline let makeAsync: (@Sendable (Resolver) throws -> PendingCall<Component>)?

    @inlinable
    init(
        dependencies: [Dependency.Target], parameterTypes: [Any.Type] = [], takesRewrites: Bool = true, wiredByType: Bool = false,
        make: @escaping @Sendable (Resolver) throws -> Component
    ) {
        self.shape = CallShape.of(dependencies: dependencies, parameterTypes: parameterTypes, takesRewrites: takesRewrites,
                                  wiredByType: wiredByType)
        self.make = make
        self.makeAsync = nil
    }

    @inlinable
    init(
        dependencies: [Dependency.Target], parameterTypes: [Any.Type], wiredByType: Bool = false,
        makeAsync: @escaping @Sendable (Resolver) throws -> PendingCall<Component>
    ) {
        self.shape = CallShape.of(dependencies: dependencies, parameterTypes: parameterTypes, takesRewrites: true, wiredByType: wiredByType)
        self.make = { _ in throw UnmetBuildRequirement(.await, component: Component.self) }
        self.makeAsync = makeAsync
    }

    @inlinable var dependencies: [Dependency.Target] { shape.dependencies }
    /// The type of each parameter, by site index, for a compiled call (empty for a closure): what lets
    /// activation refuse a post-processor's replacement that can never be passed.
    var parameterTypes: [Any.Type] { shape.parameterTypes }
    /// Whether `make` is a compiled call whose arguments a post-processor may replace; `false` for a
    /// closure that resolves what it wants.
    var takesRewrites: Bool { shape.takesRewrites }
    /// Whether the definition named its initializer alone (`Definition(Garage.init(engine:wheels:))`), every
    /// argument found by type: activation then checks that each has exactly one definition.
    var isWiredByType: Bool { shape.wiredByType }

    /// Whether the initializer is `async`.
    @inlinable var isAsync: Bool { makeAsync != nil }
}

/// An initializer's arguments described as data, and its parameter types.
@usableFromInline
final class CallShape: Sendable {
    @usableFromInline let dependencies: [Dependency.Target]
    let parameterTypes: [Any.Type]
    let takesRewrites: Bool
    let wiredByType: Bool

    private init(dependencies: [Dependency.Target], parameterTypes: [Any.Type], takesRewrites: Bool, wiredByType: Bool) {
        self.dependencies = dependencies
        self.parameterTypes = parameterTypes
        self.takesRewrites = takesRewrites
        self.wiredByType = wiredByType
    }

    /// The shape of a call with these arguments: one shared object for an initializer that takes none
    /// (`Definition(Horse.init)`), the most common leaf, rather than one per definition.
    @usableFromInline
    static func of(dependencies: [Dependency.Target], parameterTypes: [Any.Type], takesRewrites: Bool, wiredByType: Bool) -> CallShape {
        if dependencies.isEmpty, parameterTypes.isEmpty, takesRewrites { return none }
        return CallShape(dependencies: dependencies, parameterTypes: parameterTypes, takesRewrites: takesRewrites, wiredByType: wiredByType)
    }

    private static let none = CallShape(dependencies: [], parameterTypes: [], takesRewrites: true, wiredByType: false)
}

/// An `async` initializer's call with its arguments already produced: what an asynchronous resolution
/// awaits, outside every synchronous part of the resolution.
@usableFromInline
struct PendingCall<Result> {
    @usableFromInline let run: () async throws -> Result

    @inlinable
    init(_ run: @escaping () async throws -> Result) {
        self.run = run
    }
}

@available(*, unavailable, message: "A pending call belongs to the resolution that produced its arguments.")
extension PendingCall: Sendable {}

/// What a build throws when it cannot run where it was asked to: a main-actor component off the main
/// actor, or an `async` initializer in a synchronous resolution. The engine turns it into
/// `ErrorKind.mainActorRequired` or `asyncRequired` with the definition's key and path.
@usableFromInline
struct UnmetBuildRequirement: Error {
    @usableFromInline
    enum Requirement: Sendable {
        /// The main actor, for a main-actor component.
        case mainActor
        /// An asynchronous resolution, for an `async` initializer.
        case await
    }

    @usableFromInline let requirement: Requirement
    @usableFromInline let component: Any.Type

    @inlinable
    init(_ requirement: Requirement, component: Any.Type) {
        self.requirement = requirement
        self.component = component
    }
}

/// Injections for the parameters of one function, as a parameter pack: the arguments of an initializer
/// or of an injected method. Only the closures that produce the values are kept for building (their
/// descriptions go to `targets` once), so that calling the function touches no generic struct.
@usableFromInline
struct InjectionPack<each Source: Injectable>: Sendable {
    @usableFromInline let targets: [Dependency.Target]
    @usableFromInline let producers: (repeat @Sendable (Resolver) throws -> (each Source).Value)

    @inlinable
    init(_ sources: repeat each Source) {
        // Each source's injection once: a definition's makes a reference and a closure each time.
        let injections = (repeat (each sources).injection)
        var count = 0
        for _ in repeat each sources { count += 1 }
        var targets: [Dependency.Target] = []
        targets.reserveCapacity(count)
        for injection in repeat each injections { targets.append(injection.target) }
        self.targets = targets
        producers = (repeat (each injections).produce)
    }

    /// The function's parameter types, in order: read at activation, so not stored in the pack, which
    /// every build of the definition copies.
    @inlinable
    var parameterTypes: [Any.Type] {
        var types: [Any.Type] = []
        types.reserveCapacity(targets.count)
        for type in repeat ((each Source).Value).self { types.append(type) }
        return types
    }

    /// Resolves every argument, in order, and calls `function` with them. When a rewritten definition
    /// staged replacements for this call on the resolution (see `ArgumentRewrites`), it takes them
    /// first and produces those arguments with them instead.
    ///
    /// - Parameter firstIndex: the site index of the first argument, for a definition whose site 0 is
    ///   not in the pack (a factory method's factory).
    @inlinable
    func call<Result>(
        _ function: (repeat (each Source).Value) throws -> Result, resolver: Resolver, firstIndex: Int = 0
    ) throws -> Result {
        guard let rewrites = resolver.takeRewrites() else { return try function(repeat try (each producers)(resolver)) }
        return try rewrites.call(function, producers: repeat each producers, resolver: resolver, firstIndex: firstIndex)
    }
}

/// One injected property: where, from what, and how to set it.
@usableFromInline
struct PropertyInjection<T>: Sendable {
    @usableFromInline let keyPath: AnyKeyPath & Sendable
    @usableFromInline let target: Dependency.Target
    /// The supplied and the property's types when the value is cast at build time (a subtype injection).
    @usableFromInline let cast: Optional<(from: Any.Type, to: Any.Type)>
    @usableFromInline let apply: @Sendable (inout T, Resolver) throws -> Void

    @inlinable
    init(keyPath: AnyKeyPath & Sendable, target: Dependency.Target, cast: (from: Any.Type, to: Any.Type)?,
         apply: @escaping @Sendable (inout T, Resolver) throws -> Void) {
        self.keyPath = keyPath
        self.target = target
        self.cast = cast
        self.apply = apply
    }
}

/// One injected method call, with its arguments described as data.
@usableFromInline
struct MethodInjection<T>: Sendable {
    @usableFromInline let targets: [Dependency.Target]
    /// The method's parameter types, by argument index (empty for a closure).
    @usableFromInline let parameterTypes: [Any.Type]
    /// Whether `apply` is a compiled call whose arguments a post-processor may replace.
    @usableFromInline let takesRewrites: Bool
    @usableFromInline let apply: @Sendable (inout T, Resolver) throws -> Void

    @inlinable
    init(targets: [Dependency.Target], parameterTypes: [Any.Type], takesRewrites: Bool,
         apply: @escaping @Sendable (inout T, Resolver) throws -> Void) {
        self.targets = targets
        self.parameterTypes = parameterTypes
        self.takesRewrites = takesRewrites
        self.apply = apply
    }
}

/// A recipe's build compiled where its component type is known, handed the `RecipeBehaviour` it belongs
/// to: it captures nothing, so compiling a definition allocates no closure context and copies no recipe.
@usableFromInline typealias CompiledBuild = @Sendable (AnyObject, any BuildContext, RegistryEntry) throws -> Any
/// A recipe's initializer compiled the same way, for a component built without a resolution. It
/// captures the initializer: called on every such build, it must cost no more than a call.
@usableFromInline typealias CompiledMake = @Sendable (Resolver) throws -> Any
/// What makes a storage's `CompiledMake`, handed that storage (see `Recipe.detachedMaker`).
@usableFromInline typealias DetachedMaker = @Sendable (AnyObject) -> CompiledMake?


/// The behaviour of a `Definition<T>`: its recipe, kept typed, on the erased fields and compilation
/// of its base class: the one object a definition `define` evaluates becomes.
///
/// Also a `Definition` value's storage, shared by its copies: `specialized()` compiles a storage that
/// value alone holds in place (see `AnyDefinition.Box`); the recipe never changes.
@usableFromInline
final class RecipeBehaviour<T>: AnyDefinition.Box, @unchecked Sendable {
    @usableFromInline let recipe: Recipe<T>
    @inlinable var specializedBuild: CompiledBuild? { published.fields.build }

    /// A storage, not compiled yet.
    @inlinable
    init(_ recipe: Recipe<T>) {
        self.recipe = recipe
        super.init(AnyDefinition.Compilation(fields: .unwritten(T.self), dependencies: [], build: nil, make: nil))
    }

    @inlinable
    init(_ recipe: Recipe<T>, _ compilation: AnyDefinition.Compilation) {
        self.recipe = recipe
        super.init(compilation)
    }

    /// A copy of this box building from `recipe`, which a post-processor changed: through the generic
    /// code, since nothing was compiled for it.
    func rewritten(_ recipe: Recipe<T>) -> AnyDefinition.Box {
        RecipeBehaviour(recipe, AnyDefinition.Compilation(fields: fields, dependencies: recipe.dependencies, build: nil, make: nil))
    }

    // What `AnyDefinition.Box` declares, for this recipe. The building and rewriting bodies are in
    // `Engine/Recipe+Build.swift` and `Features/PostProcessing/InjectionRewriting.swift`.
    override func holding(_ fields: AnyDefinition.Fields) -> AnyDefinition.Box { RecipeBehaviour(recipe, published.fields.with(fields)) }
    override func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any { try buildComponent(context, entry) }
    override nonisolated(nonsending) func buildAsync(_ context: ResolutionContext, _ entry: RegistryEntry) async throws -> Any {
        try await recipe.buildAsync(in: context, entry: entry)
    }
    override func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        try recipe.injectExisting(existing, in: context, entry: entry)
    }
    override var injectionSites: [InjectionSite] { dependencies.map(\.site) }
    override func rewriting<V>(_ site: InjectionSite, with injection: Injection<V>) throws(DefinitionRewriteError) -> AnyDefinition.Box {
        try rewritingRecipe(site, with: injection)
    }
    override func adoptingInitializer(of provider: AnyDefinition) throws(DefinitionRewriteError) -> AnyDefinition.Box {
        try adoptingRecipeInitializer(of: provider)
    }
    override func overridingInherited<V>(_ keyPath: AnyKeyPath & Sendable, with injection: Injection<V>) throws(DefinitionRewriteError) -> AnyDefinition.Box {
        try overridingInheritedProperty(keyPath, with: injection)
    }
    override func checkRewrite(ofMethod method: Int, _ rewrite: InheritedSteps.MethodRewrite) throws(DefinitionRewriteError) {
        try checkRecipeRewrite(ofMethod: method, rewrite)
    }
    override func rewritingInheritedMethod(_ index: Int, _ rewrite: InheritedSteps.MethodRewrite) -> AnyDefinition.Box {
        rewritingRecipeInheritedMethod(index, rewrite)
    }


    override var inheritableSteps: InheritedSteps { recipe.inheritableSteps }

    override var replacesInheritedHooks: Bool { recipe.replacesInheritedHooks }

    override var declaredDoubles: DeclaredDoubles? { recipe.doubles }
    override var isWiredByType: Bool { recipe.initializer?.isWiredByType ?? false }
    override func refusing(_ refusal: @escaping @Sendable (Resolver) -> ResolutionError) -> AnyDefinition.Box {
        refusingRecipe(refusal)
    }

    override func accepts(_ type: Any.Type) -> Bool { type == T.self || type is T.Type }

    override func box(_ component: Any) -> AnyObject? {
        (component as? T).map { TypedBox($0) }
    }

    override func teardown(_ component: Any) -> (@Sendable () -> Void)? {
        guard !recipe.teardowns.isEmpty, let typed = component as? T else { return nil }
        // Boxed as a pool holds it: the component was shared across threads when it was pooled.
        let held = TypedBox(typed)
        let hooks = recipe.teardowns
        return { for hook in hooks { hook(held.value) } }
    }
}

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
        /// A provider called synchronously (a ``Lazy``, a closure injected with `.closure(…)`): like
        /// `provider`, and it cannot await an async initializer, which validation reports.
        case synchronousProvider(DefinitionReference)
        /// Every definition that declares a type.
        case allOfType(Any.Type)
        /// A handle on the factory (`.factory()`): it resolves nothing when injected, and the component
        /// resolves later what it wants.
        case factory
        /// User code that resolves whatever it wants (not visible without running it).
        case opaque
    }

    let target: Target
    let site: InjectionSite
    /// The supplied and the receiving types, when the value is cast at build time.
    let cast: Optional<(from: Any.Type, to: Any.Type)>

    @usableFromInline
    init(target: Target, site: InjectionSite, cast: (from: Any.Type, to: Any.Type)?) {
        self.target = target
        self.site = site
        self.cast = cast
    }

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
