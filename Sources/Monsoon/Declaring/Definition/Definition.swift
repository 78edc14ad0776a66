/// The recipe for one component: its type, how to build it, what to inject, its hooks and its scope.
///
/// Assembly methods return definitions; the factory turns them into components. Initializer arguments,
/// injected properties and injected methods are data (functions, key paths and references to other
/// definitions), so the factory knows the graph without running user code.
///
/// ```swift
/// final class QuestAssembly: Assembly {
///     override var definitions: [any ComponentDefinition] { [knight(), quest(), horse()] }
///
///     func knight() -> Definition<Knight> {
///         define {
///             Definition(Knight.init(quest:horse:), quest(), horse())
///                 .inject(\.damselsRescued, 12)
///                 .scope(.lazySingleton)
///         }
///     }
///     func quest() -> Definition<any Quest> { define { Definition(HolyGrailQuest.init) } }
///     func horse() -> Definition<Horse> { define { Definition { Horse(name: "Binky") }.scope(.prototype) } }
/// }
/// ```
///
/// Create definitions inside `Assembly.define { }`, which identifies
/// the definition by where it is called and turns nested method calls into references. Its readable key
/// is assembly type plus method name, for example `QuestAssembly.knight()`.
public struct Definition<T>: Sendable {
    /// How a definition value came to be.
    @usableFromInline
    enum Origin: Sendable {
        /// Built by `Assembly.define`: the only origin activation accepts.
        case defined
        /// A reference returned by a nested `define`: identity only, no recipe.
        case reference
        /// Created without `define`; identified by its own call site.
        case bare
        /// A parameterized definition, returned by `define(arguments:)`: like a reference with no recipe,
        /// its content waits in the attachment (a `ParameterizedDefinition`, evaluated when the factory
        /// needs it). Typed by a base class so that the inlinable code testing for it does not name the
        /// engine's type.
        case attached(DefinitionAttachment)
    }

    @usableFromInline var identity: DefinitionIdentity
    @usableFromInline var arguments: RuntimeArguments
    @usableFromInline var function: StaticString
    /// Spelled `Optional`, not `?`, and so with no default value: see `Recipe` (every `init` assigns it).
    @usableFromInline var assemblyType: Optional<Assembly.Type>
    @usableFromInline var origin: Origin
    /// The recipe, behind a reference so that a `Definition` value (a reference, above all) stays small
    /// and cheap to copy; `nil` for references. Builder methods replace it (copy on write). Once
    /// `specialized()` compiled it, it is also what the registry builds from.
    @usableFromInline var storage: Optional<RecipeBehaviour<T>>

    var recipe: Recipe<T> {
        get { storage?.recipe ?? Recipe() }
        set {
            storage = RecipeBehaviour(newValue)
        }
    }

    /// This definition with its recipe changed by `change`, on a storage of its own (copy on write): what
    /// every builder method comes to. Inlinable with them, so that a body's chain of builder methods runs
    /// specialized for `T`: in generic code each call fetched the type metadata of the definition, its
    /// recipe, its storage and their arrays (about 1,000 instructions per builder method). The recipe
    /// is not changed in place: it is immutable so that every build borrows it without a copy.
    @inlinable
    func changingRecipe(_ change: (inout Recipe<T>) -> Void) -> Definition<T> {
        var copy = self
        var recipe = storage?.recipe ?? Recipe()
        change(&recipe)
        copy.storage = RecipeBehaviour(recipe)
        return copy
    }

    @inlinable
    init(recipe: Recipe<T>, fileID: StaticString, function: StaticString, line: UInt, column: UInt) {
        self.identity = DefinitionIdentity(fileID: fileID, line: line, column: column)
        self.arguments = .none
        self.function = function
        self.assemblyType = nil
        self.origin = .bare
        self.storage = RecipeBehaviour(recipe)
    }

    /// A reference: what a nested `define`, or one in identifying mode, returns. Inlined into the
    /// assembly's module, so that making one (each time a method is resolved by reference) is a few
    /// stores, with no generic metadata to fetch.
    @inlinable
    init(referenceTo identity: DefinitionIdentity, function: StaticString, assemblyType: Assembly.Type) {
        self.identity = identity
        self.arguments = .none
        self.function = function
        self.assemblyType = assemblyType
        self.origin = .reference
        self.storage = nil
    }

    init(referenceTo identity: DefinitionIdentity, arguments: RuntimeArguments, function: StaticString, assemblyType: Assembly.Type) {
        self.identity = identity
        self.arguments = arguments
        self.function = function
        self.assemblyType = assemblyType
        self.origin = .reference
        self.storage = nil
    }

    init(parameterized: ParameterizedDefinition, identity: DefinitionIdentity, arguments: RuntimeArguments,
         function: StaticString, assemblyType: Assembly.Type) {
        self.identity = identity
        self.arguments = arguments
        self.function = function
        self.assemblyType = assemblyType
        self.origin = .attached(parameterized)
        self.storage = nil
    }

    /// This definition as `define` returns it: identified by `define`'s call site.
    ///
    /// - Parameter aliasScope: the scope of an alias (a body that only refers to another definition).
    @inlinable
    consuming func declared(at identity: DefinitionIdentity, arguments: RuntimeArguments, function: StaticString,
                            assemblyType: Assembly.Type, aliasScope: Scope = .prototype) -> Definition<T> {
        // Consuming: the body's value becomes the declared one, with no copy to destroy.
        var definition = isReference ? .alias(of: self, scope: aliasScope) : self
        definition.identity = identity
        definition.arguments = arguments
        definition.function = function
        definition.assemblyType = assemblyType
        definition.origin = .defined
        return definition
    }

    /// This definition with its build compiled here, where `T` is known: `define` is inlined into the
    /// assembly's module, so building the component runs code specialized for `T` rather than generic
    /// code that looks up type metadata at every step.
    ///
    /// - Parameter scope: the scope `define(_:_:)` gives, when the body set none of its own.
    @inlinable
    consuming func specialized(scope: Scope? = nil) -> Definition<T> {
        guard storage != nil, storage?.specializedBuild == nil else { return self }
        var copy = self
        copy.compileStorage(scope: scope)
        return copy
    }

    /// The storage, compiled here, where `T` is known: the recipe's build, its initializer alone and its
    /// dependencies. A body's storage is normally this value's alone, and is then compiled in place and
    /// becomes the erased definition's behaviour: no second object, no copy of the recipe, and no
    /// storage freed by generic code (which looks the recipe's type metadata up).
    @inlinable
    mutating func compileStorage(scope: Scope?) {
        if !isKnownUniquelyReferenced(&storage) {
            guard let shared = storage else { return }
            storage = RecipeBehaviour(shared.recipe)
        }
        guard let behaviour = storage else { return }
        let hasDependencies = behaviour.recipe.facts.hasDependencies
        // Handed the behaviour holding the recipe (`RecipeBehaviour.build` passes itself), the build
        // captures nothing. The detached build captures the initializer's `make`: it calls it on every build.
        let build: CompiledBuild = { behaviour, context, entry in
            try uncheckedCast(behaviour, to: RecipeBehaviour<T>.self).recipe.build(in: context, entry: entry)
        }
        behaviour.compile(AnyDefinition.Compilation(
            fields: erasedFields(of: behaviour.recipe, scope: scope), dependencies: hasDependencies ? behaviour.recipe.dependencies : [],
            build: build, make: behaviour.recipe.detachedMaker))
    }

    /// Where to find this definition: what an injection by reference resolves.
    @usableFromInline
    var reference: DefinitionReference {
        DefinitionReference(
            identity: identity, arguments: arguments, functionName: function, assemblyType: assemblyType,
            parameterized: parameterizedDefinition)
    }

    @inlinable
    var isReference: Bool {
        switch origin {
        case .reference: true
        // A parameterized definition; not the erased form `specialized()` made.
        case .attached: true
        case .defined, .bare: false
        }
    }

    /// Whether this is a parameterized definition, resolved per argument values rather than registered.
    @inlinable
    var isParameterized: Bool {
        // A parameterized definition is the only attachment.
        if case .attached = origin { return true }
        return false
    }

    var parameterizedDefinition: ParameterizedDefinition? {
        if case .attached(let attachment) = origin { return attachment as? ParameterizedDefinition }
        return nil
    }

    /// The erased form `specialized()` made, if this value has one.


    /// A definition that builds its component by calling `initializer` with injected arguments: the form
    /// for more than six arguments (up to six, the fixed-arity forms are chosen, whose compiler
    /// messages name a mistyped argument).
    ///
    /// ```swift
    /// Definition(Knight.init(quest:horse:), quest(), .value(Horse(name: "Binky")))
    /// ```
    ///
    /// - Parameters:
    ///   - initializer: any function producing the component: an initializer, a static factory method,
    ///     a closure.
    ///   - arguments: one injection per parameter: another definition (by reference), `.value(_:)`,
    ///     `.byType()`, or `.resolved { … }`.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    @inlinable @_disfavoredOverload
    public init<each Source: Injectable>(
        _ initializer: @escaping @Sendable (repeat (each Source).Value) throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(packed: initializer, repeat each arguments, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition wired by type: it builds its component by calling `initializer` with, for each
    /// parameter, the one component whose definition declares the parameter's type (`.byType()`).
    ///
    /// ```swift
    /// func knight() -> Definition<Knight> { define { Definition(Knight.init(quest:horse:)) } }
    /// ```
    ///
    /// Activation and `validate()` report a parameter whose type has no definition, or several, with the
    /// candidates. Where a type has several, pass every argument instead, naming the one you mean and
    /// `.byType()` for the others: `Definition(Knight.init(quest:horse:), dragonQuest(), .byType())`.
    /// The `async` and main-actor initializers have the same form.
    @inlinable @_disfavoredOverload
    public init<each Parameter>(
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line, column: UInt = #column
    ) {
        self.init(packed: initializer, repeat Injection<each Parameter>.byType(), fileID: fileID, function: function, line: line, column: column,
                  wiredByType: true)
    }

    /// A definition whose component is what `source` injects: a configuration section as a component
    /// of its own, or a value.
    ///
    /// ```swift
    /// func harborSettings() -> Definition<HarborSettings> { define { Definition(.config("harbor")) } }
    /// ```
    ///
    /// - Parameters:
    ///   - source: `.config(_:)`, `.config(_:convertedTo:)` or `.value(_:)`.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    public init(
        _ source: Injection<T>,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(packed: { $0 }, source, fileID: fileID, function: function, line: line, column: column)
        // A configuration section whose Decodable conformance is isolated to the main actor is decoded there.
        if case .config(let reference) = source.target, reference.decodedOnMainActor != nil { self = requiringMainActor() }
    }

    /// What every initializer form comes to, with its arguments already evaluated.
    @inlinable
    init<each Source: Injectable>(
        packed initializer: @escaping @Sendable (repeat (each Source).Value) throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString, function: StaticString, line: UInt, column: UInt, wiredByType: Bool = false
    ) {
        let pack = InjectionPack(repeat each arguments)
        let make: @Sendable (Resolver) throws -> T = { resolver in try pack.call(initializer, resolver: resolver) }
        let recipe = Recipe<T>(initializer: Initializer(
            dependencies: pack.targets, parameterTypes: pack.parameterTypes, wiredByType: wiredByType, make: make))
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }

    /// What a definition written without `define` is when evaluating its arguments reached the same call
    /// site again: an endless recursion, stopped. Nothing is built from it; activation reports it as a
    /// definition outside `define`.
    @usableFromInline
    init(reachingItselfAt site: DefinitionIdentity, function: StaticString) {
        self.identity = site
        self.arguments = .none
        self.function = function
        self.assemblyType = nil
        self.origin = .bare
        self.storage = RecipeBehaviour(Recipe())
    }

    /// A definition that builds its component with a closure that may resolve anything through the
    /// resolver. Prefer the initializer form: what a closure resolves is invisible until it runs.
    ///
    /// ```swift
    /// Definition { resolver in Knight(quest: try resolver.resolve(QuestAssembly.quest), horse: Horse()) }
    /// ```
    public init(
        resolving build: @escaping @Sendable (Resolver) throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let recipe = Recipe<T>(initializer: Initializer(dependencies: [.opaque], takesRewrites: false, make: build))
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }

    /// An abstract definition: it has no initializer, cannot be resolved, and exists to carry shared
    /// configuration for the definitions that name it as their parent.
    ///
    /// ```swift
    /// func baseController() -> Definition<BaseController> { define { .abstract().inject(\.theme, theme()) } }
    /// ```
    @inlinable
    public static func abstract(
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Definition<T> {
        var recipe = Recipe<T>()
        recipe.isAbstract = true
        return Definition(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }
}

extension Definition {
    /// A definition with no initializer of its own: it inherits everything from `parent`, which must
    /// declare the same type, and adds or overrides injections.
    ///
    /// ```swift
    /// func lightHome() -> Definition<HomeController> { define { .inheriting(from: home()).inject(\.theme, "light") } }
    /// ```
    @inlinable
    public static func inheriting<P>(
        from parent: @autoclosure () -> Definition<P>,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Definition<T> {
        Definition(recipe: Recipe<T>(), fileID: fileID, function: function, line: line, column: column).parent(parent())
    }

    /// A definition whose component is the target's, pooled by the target's scope.
    @usableFromInline
    static func alias(of target: Definition<T>, scope: Scope = .prototype) -> Definition<T> {
        var alias = Definition(packed: { (component: T) in component }, target, fileID: #fileID, function: #function, line: #line, column: #column)
        alias.recipe.scope = scope
        return alias
    }

    /// Sets the scope: how long built components live and who shares them. The default is
    /// ``Scope/objectGraph``.
    @inlinable
    public func scope(_ scope: Scope) -> Definition<T> {
        changingRecipe { $0.scope = scope }
    }

    /// Makes lookup by type find this definition under `type` too, besides its declared type: a
    /// protocol the component conforms to, or a superclass.
    ///
    /// ```swift
    /// func dragonQuest() -> Definition<DragonQuest> {
    ///     define { Definition(DragonQuest.init).exposed(as: (any Quest).self) }
    /// }
    /// let quest = try factory.resolve((any Quest).self)          // the DragonQuest
    /// let all = try factory.allComponents(of: (any Quest).self)  // includes it
    /// ```
    ///
    /// Lookup stays exact otherwise: a definition is never found under a type it does not name. A class
    /// that is not a subclass of `type` fails activation; a component that does not conform to a protocol
    /// `type` fails when resolved under it.
    @inlinable
    public func exposed<U>(as type: U.Type) -> Definition<T> {
        changingRecipe { $0.exposedTypes.append(U.self) }
    }

    /// Names a parent definition whose configuration this one inherits.
    @inlinable
    public func parent<P>(_ parent: @autoclosure () -> Definition<P>) -> Definition<T> {
        guard let parent = DefinitionEvaluation.constructing(identity, parent) else { return self }
        let reference = parent.reference
        return changingRecipe { $0.parent = reference }
    }

    /// Adds a hook called right after the component is created, before any property or method
    /// injection. Hooks run in the order they were added.
    @inlinable
    public func beforeInjections(_ hook: @escaping @Sendable (T) -> Void) -> Definition<T> {
        changingRecipe { $0.beforeInjections.append(hook) }
    }

    /// Adds a hook called once the component and everything it references are fully injected: right
    /// after its own injections, or — when it is part of a cycle — once every member of the cycle is
    /// injected. The hook may rely on its collaborators being complete. Hooks run before a shared
    /// component is handed to other threads.
    @inlinable
    public func afterInjections(_ hook: @escaping @Sendable (T) -> Void) -> Definition<T> {
        changingRecipe { $0.afterInjections.append(hook) }
    }

    /// Adds a hook called when a child factory that pools the component closes (see
    /// ``BlockComponentFactory/close()``): a session's cart saving itself at logout. Hooks of one
    /// component run in the order they were added; components are torn down newest first, so before
    /// those they were injected with.
    ///
    /// ```swift
    /// func cart() -> Definition<Cart> { define(.lazySingleton) { Definition(Cart.init).teardown { $0.save() } } }
    /// ```
    ///
    /// Only what a child's pools hold at its close is torn down: a singleton, lazySingleton, a live
    /// weakSingleton or a component of a scope of your own, of the child's own definitions. An
    /// objectGraph or prototype component is never pooled, so its hooks never run; neither do those of a
    /// factory that is no child, which is never closed. Hooks are not inherited through `parent(_:)`.
    @inlinable
    public func teardown(_ hook: @escaping @Sendable (T) -> Void) -> Definition<T> {
        changingRecipe { $0.teardowns.append(hook) }
    }

    /// Makes this definition's own hooks replace the ones it inherits, kind by kind, as a child's hook
    /// does in Typhoon: with its own `afterInjections`, its ancestors' after-injection hooks do not run
    /// (and likewise for `beforeInjections`); a kind it sets no hook of is inherited as usual. Without
    /// this, inherited hooks run first and the child's after them.
    ///
    /// ```swift
    /// func home() -> Definition<HomeScreen> {
    ///     define { Definition(HomeScreen.init).parent(baseScreen()).afterInjections { $0.start() }.replacingInheritedHooks() }
    /// }
    /// ```
    @inlinable
    public func replacingInheritedHooks() -> Definition<T> {
        changingRecipe { $0.replacesInheritedHooks = true }
    }
}

extension Definition: Injectable {
    /// Injecting a definition injects by reference: the referenced definition's scope decides whether
    /// the injected component is new or shared.
    @inlinable
    public var injection: Injection<T> {
        let reference = self.reference
        return Injection(target: .definition(reference)) { resolver in try resolver.component(for: reference, as: T.self) }
    }
}

extension Definition: CustomStringConvertible {
    public var description: String {
        "Definition<\(typeName(T.self))> from \(function) at \(identity.location)"
    }
}
