/// A definition of any component type, as an assembly lists it in ``Assembly/definitions``.
///
/// `Definition` is the only conforming type you need; the protocol exists so that one array can hold
/// definitions of different component types.
public protocol ComponentDefinition: Sendable {
    /// The definition with its component type erased.
    var erased: AnyDefinition { get }
}

/// A definition with its component type erased: what the factory's registry stores. Opaque: it is
/// public only because ``ComponentDefinition`` hands it over; read a definition through
/// ``DefinitionInfo`` (``BlockComponentFactory/definitions``, ``RegisteredDefinition/info``).
public struct AnyDefinition: Sendable {
    /// The one object a definition is erased to (see `Box`): activation hands each definition through
    /// several arrays, and a copy is then one reference count rather than one per field.
    @usableFromInline var box: Box

    /// What an erased definition declares; changed only by making a new box. What few definitions set is
    /// in one reference (`rare`). How it builds is not among them: the box holds that.
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var identity: DefinitionIdentity
        @usableFromInline var functionName: StaticString
        var declaredScope: Scope?
        /// The other yes-or-no fields, one bit each (see `Flags`): one byte beside the scope.
        var flags: Flags
        var assemblyType: Assembly.Type?
        let declaredType: Any.Type
        /// The parent, the exposed types, the binding's name and the runtime arguments: `nil` when the
        /// definition has none.
        var rare: RareDefinitionFields?

        /// Not inlinable: `Flags` and the rare fields stay internal.
        @usableFromInline
        init(
            identity: DefinitionIdentity, arguments: RuntimeArguments, functionName: StaticString, assemblyType: Assembly.Type?,
            declaredType: Any.Type, declaredScope: Scope?, isAbstract: Bool, hasInitializer: Bool, injects: Bool,
            hasAfterInjections: Bool, isDefined: Bool, isParameterized: Bool, parent: DefinitionReference?,
            exposedTypes: [Any.Type], isAsync: Bool, isMainActor: Bool
        ) {
            self.identity = identity
            self.functionName = functionName
            self.declaredScope = declaredScope
            self.flags = Flags(isAbstract: isAbstract, hasInitializer: hasInitializer, injects: injects, hasAfterInjections: hasAfterInjections,
                               isDefined: isDefined, isParameterized: isParameterized, isAsync: isAsync, isMainActor: isMainActor)
            self.assemblyType = assemblyType
            self.declaredType = declaredType
            self.rare = RareDefinitionFields.unlessEmpty(parent: parent, exposedTypes: exposedTypes, bindingName: nil, arguments: arguments)
        }

        /// The fields of a recipe being written, until `define` compiles it: only a compiled box is erased.
        @usableFromInline
        static func unwritten(_ declaredType: Any.Type) -> Fields {
            Fields(identity: DefinitionIdentity(fileID: "", line: 0, column: 0), arguments: .none, functionName: "", assemblyType: nil,
                   declaredType: declaredType, declaredScope: nil, isAbstract: false, hasInitializer: false, injects: false,
                   hasAfterInjections: false, isDefined: false, isParameterized: false, parent: nil, exposedTypes: [],
                   isAsync: false, isMainActor: false)
        }

        struct Flags: OptionSet, Sendable {
            let rawValue: UInt8
            init(rawValue: UInt8) { self.rawValue = rawValue }

            init(isAbstract: Bool, hasInitializer: Bool, injects: Bool, hasAfterInjections: Bool, isDefined: Bool,
                 isParameterized: Bool, isAsync: Bool, isMainActor: Bool) {
                var flags = Flags()
                flags.set(.isAbstract, isAbstract)
                flags.set(.hasInitializer, hasInitializer)
                flags.set(.injects, injects)
                flags.set(.hasAfterInjections, hasAfterInjections)
                flags.set(.isDefined, isDefined)
                flags.set(.isParameterized, isParameterized)
                flags.set(.isAsync, isAsync)
                flags.set(.isMainActor, isMainActor)
                self = flags
            }

            static let isAbstract = Flags(rawValue: 1 << 0)
            static let hasInitializer = Flags(rawValue: 1 << 1)
            static let injects = Flags(rawValue: 1 << 2)
            static let hasAfterInjections = Flags(rawValue: 1 << 3)
            static let isDefined = Flags(rawValue: 1 << 4)
            static let isParameterized = Flags(rawValue: 1 << 5)
            static let isAsync = Flags(rawValue: 1 << 6)
            static let isMainActor = Flags(rawValue: 1 << 7)

            mutating func set(_ flag: Flags, _ isOn: Bool) {
                if isOn { insert(flag) } else { remove(flag) }
            }
        }

        var isAbstract: Bool { flags.contains(.isAbstract) }
        var hasInitializer: Bool { flags.contains(.hasInitializer) }
        var injects: Bool { flags.contains(.injects) }
        var hasAfterInjections: Bool { flags.contains(.hasAfterInjections) }
        var isDefined: Bool { flags.contains(.isDefined) }
        var isParameterized: Bool { flags.contains(.isParameterized) }
        var isAsync: Bool { flags.contains(.isAsync) }
        var isMainActor: Bool { flags.contains(.isMainActor) }

        var parent: DefinitionReference? { rare?.parent }
        var exposedTypes: [Any.Type] { rare?.exposedTypes ?? [] }
        var bindingName: (name: String, isExplicit: Bool)? {
            get { rare?.bindingName }
            set { rare = RareDefinitionFields.unlessEmpty(parent: parent, exposedTypes: exposedTypes, bindingName: newValue, arguments: arguments) }
        }
        /// A parameterized definition's argument values, for one evaluation of its body.
        var arguments: RuntimeArguments {
            get { rare?.arguments ?? .none }
            set { rare = RareDefinitionFields.unlessEmpty(parent: parent, exposedTypes: exposedTypes, bindingName: bindingName, arguments: newValue) }
        }
    }

    /// What a definition is erased to: its fields and what `Definition.specialized()` compiled where the
    /// component type is known, read here without its type; the typed recipe is in the subclass,
    /// `RecipeBehaviour<T>`, whose overrides are what the methods below do. One object per definition.
    ///
    /// A class hierarchy rather than a protocol, so that erasing a compiled definition is an upcast:
    /// forming a protocol existential of `RecipeBehaviour<T>` in generic code (`erased` is
    /// `ComponentDefinition`'s witness) looks its metadata and conformance up, about 800 instructions per
    /// definition. Every box is a `RecipeBehaviour`; the bodies here are those of a definition without a
    /// recipe, which nothing makes.
    ///
    /// Unchecked `Sendable`: `published` is set in `init` or at most once by `compile`, only while the
    /// object is uniquely referenced (`Definition.compileStorage` checks), before any other thread or
    /// value can read it: the owner's side of `PublishedFields`'s invariant, with sharing the object as
    /// its publication. The subclass's recipe is immutable.
    @usableFromInline
    class Box: PublishingObject<Compilation>, @unchecked Sendable {
        @usableFromInline
        init(_ compilation: Compilation) {
            super.init(publishing: compilation)
        }

        /// What the definition declares.
        @usableFromInline final var fields: Fields { published.fields.fields }

        /// Sets what `Definition.compileStorage` made; only on a box nothing else references yet.
        @usableFromInline
        final func compile(_ compilation: Compilation) {
            changePublished { $0 = compilation }
        }

        /// The recipe's injections, as data, in build order.
        final var dependencies: [Dependency] { published.fields.dependencies }

        /// The initializer compiled where the component type is known, a new closure on each call (see
        /// `Compilation.make`).
        final func detachedBuild() -> CompiledMake? {
            // Not `Optional.map`: passing the maker through its generic parameter wraps it in a new closure.
            guard let maker = published.fields.make else { return nil }
            return maker(self)
        }

        /// A box like this one with other fields: a published box never changes.
        func holding(_ fields: Fields) -> Box { Box(published.fields.with(fields)) }
        /// Builds the component (see `Recipe.build`).
        func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
            throw ResolutionError.abstract(entry.key, path: context.path, children: [])
        }
        /// Builds the component, awaiting its initializer or its main-actor steps.
        nonisolated(nonsending) func buildAsync(_ context: ResolutionContext, _ entry: RegistryEntry) async throws -> Any {
            try build(context, entry)
        }
        /// Runs the injections and hooks on an instance made elsewhere.
        func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any { existing }
        /// This definition's own steps, erased, for the definitions that inherit from it.
        var inheritableSteps: InheritedSteps { InheritedSteps() }
        var replacesInheritedHooks: Bool { false }
        /// The doubles declared beside the definition (see `DeclaredDoubles`).
        var declaredDoubles: DeclaredDoubles? { nil }
        /// Whether the initializer is named alone, each argument found by type (see `Initializer.isWiredByType`).
        var isWiredByType: Bool { false }
        /// The same definition building nothing: its build throws what `refusal` makes.
        func refusing(_ refusal: @escaping @Sendable (Resolver) -> ResolutionError) -> Box { self }
        /// Whether a component of `type` can receive this definition's injections: the rule for children.
        func accepts(_ type: Any.Type) -> Bool { false }
        /// The component as a pool holds it.
        func box(_ component: Any) -> AnyObject? { nil }
        /// What a child factory that pools the component runs when it closes.
        func teardown(_ component: Any) -> (@Sendable () -> Void)? { nil }
        /// Where the recipe injects, which a definition post-processor may rewrite.
        var injectionSites: [InjectionSite] { [] }
        /// The same definition with one injection replaced.
        func rewriting<V>(_ site: InjectionSite, with injection: Injection<V>) throws(DefinitionRewriteError) -> Box {
            throw .noSuchSite(site, sites: [])
        }
        /// The same definition with the initializer it would inherit from `provider` as its own.
        func adoptingInitializer(of provider: AnyDefinition) throws(DefinitionRewriteError) -> Box {
            throw DefinitionRewriteError(site: "the initializer", problem: "the definition has no recipe")
        }
        /// The same definition injecting an inherited property itself.
        func overridingInherited<V>(_ keyPath: AnyKeyPath & Sendable, with injection: Injection<V>) throws(DefinitionRewriteError) -> Box {
            throw .propertyType(site: .property(keyPath), V.self)
        }
        /// Checks that the inherited method at `method` can take `rewrite`.
        func checkRewrite(ofMethod method: Int, _ rewrite: InheritedSteps.MethodRewrite) throws(DefinitionRewriteError) {
            throw .noSuchSite(rewrite.site, sites: [])
        }
        /// The same definition rewriting one argument of the inherited method at `index`.
        func rewritingInheritedMethod(_ index: Int, _ rewrite: InheritedSteps.MethodRewrite) -> Box { self }
    }

    /// What compiling a recipe where its type is known makes, with the fields that erase it. Not nested
    /// in the generic class: a nested type would be generic too, its metadata looked up at run time.
    @usableFromInline
    struct Compilation: Sendable {
        @usableFromInline let fields: Fields
        @usableFromInline let dependencies: [Dependency]
        /// `recipe.build` compiled for the concrete `T` in the assembly's module; `nil` for a recipe made
        /// or changed inside Monsoon (a post-processor's), which builds through the generic code instead.
        @usableFromInline let build: CompiledBuild?
        /// What makes the initializer's build alone, compiled the same way: how a component that injects
        /// nothing is built without a resolution. Handed only the `RecipeBehaviour` it was compiled for (it
        /// downcasts to that class unchecked): a compilation is stored in that box, or copied with its
        /// recipe into one of the same component type (`Definition.erased`), and nowhere else.
        @usableFromInline let make: DetachedMaker?

        @inlinable
        init(fields: Fields, dependencies: [Dependency], build: CompiledBuild?, make: DetachedMaker?) {
            self.fields = fields
            self.dependencies = dependencies
            self.build = build
            self.make = make
        }

        /// This compilation with other fields (a binding's name, an adopted identity).
        func with(_ fields: Fields) -> Compilation {
            Compilation(fields: fields, dependencies: dependencies, build: build, make: make)
        }
    }

    init(box: Box) {
        self.box = box
    }

    @inlinable var identity: DefinitionIdentity { box.fields.identity }
    var arguments: RuntimeArguments { box.fields.arguments }
    @inlinable var functionName: StaticString { box.fields.functionName }
    var assemblyType: Assembly.Type? { box.fields.assemblyType }
    /// The component type the definition declares: the `T` of `Definition<T>`. By-type lookup finds
    /// the definition under exactly this type.
    var declaredType: Any.Type { box.fields.declaredType }
    /// The scope the definition sets, or `nil` when it leaves the default (or its parent's).
    var declaredScope: Scope? {
        get { box.fields.declaredScope }
        set { changing { $0.declaredScope = newValue } }
    }
    /// Whether the definition is abstract (only usable as a parent).
    var isAbstract: Bool { box.fields.isAbstract }
    var hasInitializer: Bool { box.fields.hasInitializer }
    /// Whether the definition's own recipe has hooks, properties or methods to run before settling.
    var injects: Bool { box.fields.injects }
    /// Whether the definition's own recipe has afterInjections hooks.
    var hasAfterInjections: Bool { box.fields.hasAfterInjections }
    var isDefined: Bool { box.fields.isDefined }
    /// A parameterized definition (`define(arguments:)`), which is resolved with arguments, never listed.
    var isParameterized: Bool { box.fields.isParameterized }
    var parent: DefinitionReference? { box.fields.parent }
    /// More types lookup by type finds the definition under (`exposed(as:)`).
    var exposedTypes: [Any.Type] { box.fields.exposedTypes }
    /// Whether the definition's own initializer is `async`: only an asynchronous resolution builds it.
    var isAsync: Bool { box.fields.isAsync }
    /// Whether the component is built on the main actor (its initializer or a hook is isolated to it).
    var isMainActor: Bool { box.fields.isMainActor }
    /// The name a module's binding was given (`binder.bind(…, named: "staging")`), or the name made from
    /// the bound type for an unnamed one; `nil` for a definition made by an assembly method.
    var bindingName: (name: String, isExplicit: Bool)? { box.fields.bindingName }

    /// Replaces the box with a changed copy of its fields.
    private mutating func changing(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = box.holding(fields)
    }


    var dependencies: [Dependency] { box.dependencies }
    /// The initializer compiled where the component type is known (see `AnyDefinition.Compilation.make`).
    func detachedBuild() -> CompiledMake? { box.detachedBuild() }

    /// Whether a component of `type` can receive this definition's injections: the rule for children.
    func accepts(_ type: Any.Type) -> Bool { box.accepts(type) }
    /// This definition's own steps, erased, for the definitions that inherit from it.
    func inheritableSteps() -> InheritedSteps { box.inheritableSteps }
    var replacesInheritedHooks: Bool { box.replacesInheritedHooks }
    /// Whether the initializer is named alone, each argument found by type: activation checks its arguments.
    var isWiredByType: Bool { box.isWiredByType }
    func build(_ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any { try box.build(context, entry) }
    nonisolated(nonsending) func buildAsync(_ context: ResolutionContext, _ entry: RegistryEntry) async throws -> Any {
        try await box.buildAsync(context, entry)
    }
    /// Boxes a built component with the declared type, for the warm path.
    func box(_ component: Any) -> AnyObject? { box.box(component) }
    func injectExisting(_ existing: Any, _ context: ResolutionContext, _ entry: RegistryEntry) throws -> Any {
        try box.injectExisting(existing, context, entry)
    }

    /// Takes over `original`'s identity, so that references to `original` reach this definition.
    mutating func adopt(identityOf original: AnyDefinition) {
        changing { fields in
            fields.identity = original.identity
            fields.arguments = original.arguments
            fields.functionName = original.functionName
            fields.assemblyType = original.assemblyType
            fields.flags.insert(.isDefined)
            // A module's binding keeps its name, and with it its key and being found by name only.
            fields.bindingName = original.bindingName
        }
    }

    /// Keeps what `original` declares about where it is found and how long it lives: its scope, unless
    /// this definition sets one, and the types it is exposed as. What a declared double takes over.
    mutating func standIn(for original: AnyDefinition) {
        changing { fields in
            if fields.declaredScope == nil { fields.declaredScope = original.declaredScope }
            fields.rare = RareDefinitionFields.unlessEmpty(
                parent: fields.parent, exposedTypes: original.exposedTypes, bindingName: fields.bindingName, arguments: fields.arguments)
        }
    }

    /// Declares a plain initializer and nothing else — no parent, injections, hooks, `await` or main
    /// actor — for a box that `refusing(_:)` made.
    mutating func buildsNothing() {
        changing { fields in
            fields.flags = Fields.Flags(isAbstract: false, hasInitializer: true, injects: false, hasAfterInjections: false,
                                        isDefined: fields.isDefined, isParameterized: fields.isParameterized, isAsync: false, isMainActor: false)
            fields.rare = RareDefinitionFields.unlessEmpty(
                parent: nil, exposedTypes: fields.exposedTypes, bindingName: fields.bindingName, arguments: fields.arguments)
        }
    }

    /// This definition as the binding of a ``Module``, keyed by `name`.
    func bound(as name: String, explicitly: Bool) -> AnyDefinition {
        var copy = self
        copy.changing { $0.bindingName = (name, explicitly) }
        return copy
    }

    /// This definition with one injection replaced; see ``RegisteredDefinition/replaceInjection(at:with:)``.
    func rewriting<V>(_ site: InjectionSite, with injection: Injection<V>) throws(DefinitionRewriteError) -> AnyDefinition {
        let rewritten = try box.rewriting(site, with: injection)
        var copy = self
        copy.box = rewritten
        return copy
    }

    /// This definition with the initializer it would inherit from `provider` as its own; see
    /// ``RegisteredDefinition/replaceInjection(at:with:)``.
    func adoptingInitializer(of provider: AnyDefinition) throws(DefinitionRewriteError) -> AnyDefinition {
        let adopted = try box.adoptingInitializer(of: provider)
        var copy = self
        copy.box = adopted
        copy.changing {
            $0.flags.insert(.hasInitializer)
            $0.flags.set(.isAsync, provider.isAsync)
            // Inheriting already made the component main-actor when any ancestor is.
            $0.flags.set(.isMainActor, $0.isMainActor || provider.isMainActor)
        }
        return copy
    }

    /// This definition injecting an inherited property itself; see
    /// ``RegisteredDefinition/replaceInjection(at:with:)``.
    func overridingInherited<V>(_ keyPath: AnyKeyPath & Sendable, with injection: Injection<V>) throws(DefinitionRewriteError) -> AnyDefinition {
        let overriding = try box.overridingInherited(keyPath, with: injection)
        var copy = self
        copy.box = overriding
        copy.changing {
            $0.flags.insert(.injects)
        }
        return copy
    }

    /// This definition rewriting one argument of the inherited method at `index` (in its ancestors'
    /// merged methods, root first); see ``RegisteredDefinition/replaceInjection(at:with:)``.
    func rewritingInheritedMethod(_ index: Int, _ rewrite: InheritedSteps.MethodRewrite) -> AnyDefinition {
        let replacing = box.rewritingInheritedMethod(index, rewrite)
        var copy = self
        copy.box = replacing
        return copy
    }

    /// Whether `define { }` or `define(_:_:)` was called in a method with parameters: each call with
    /// other values would be the same definition (one call site), so only `define(arguments:)` fits.
    var takesParametersWithoutArguments: Bool {
        // `squire(named:)` or `squire(_:)`: a colon inside the parentheses of `#function`. Checked for
        // every definition at activation, so the bytes are read directly and the rest only on a colon.
        let name = box.fields.functionName
        guard name.hasPointerRepresentation, name.withUTF8Buffer({ $0.contains(UInt8(ascii: ":")) }) else { return false }
        return !isParameterized && bindingName == nil && assemblyType != nil
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

/// What few erased definitions have (see `AnyDefinition.Fields.rare`), on the heap: most definitions
/// have no parent, expose no other type, are no module's binding and take no runtime arguments, and
/// inline these fields would double a definition's box.
final class RareDefinitionFields: Sendable {
    let parent: DefinitionReference?
    let exposedTypes: [Any.Type]
    let bindingName: (name: String, isExplicit: Bool)?
    let arguments: RuntimeArguments

    private init(parent: DefinitionReference?, exposedTypes: [Any.Type], bindingName: (name: String, isExplicit: Bool)?, arguments: RuntimeArguments) {
        self.parent = parent
        self.exposedTypes = exposedTypes
        self.bindingName = bindingName
        self.arguments = arguments
    }

    /// The fields, or `nil` when the definition has none of them. Not a failable initializer: that
    /// would allocate the object before deciding.
    static func unlessEmpty(
        parent: DefinitionReference?, exposedTypes: [Any.Type], bindingName: (name: String, isExplicit: Bool)?, arguments: RuntimeArguments
    ) -> RareDefinitionFields? {
        guard parent != nil || !exposedTypes.isEmpty || bindingName != nil || !arguments.isEmpty else { return nil }
        return RareDefinitionFields(parent: parent, exposedTypes: exposedTypes, bindingName: bindingName, arguments: arguments)
    }
}

extension Definition: ComponentDefinition {
    /// Made by `define`.
    @usableFromInline var isDefined: Bool {
        switch origin {
        case .defined: true
        case .attached: false
        case .reference, .bare: false
        }
    }

    public var erased: AnyDefinition {
        // Compiled by `specialized()` where `T` is known, for a definition `define` returned unchanged: read
        // through the base class, with no generic metadata (the generic path below fetches it at nearly every
        // step, about 8,000 instructions).
        if let box = storage as AnyDefinition.Box?, box.published.fields.build != nil, box.fields.identity == identity {
            return AnyDefinition(box: box)
        }
        let recipe = storage?.recipe ?? Recipe()
        return AnyDefinition(box: RecipeBehaviour(recipe, AnyDefinition.Compilation(
            fields: erasedFields(of: recipe), dependencies: recipe.dependencies, build: storage?.specializedBuild,
            make: storage?.published.fields.make)))
    }

    /// The fields that erase this definition with `recipe`.
    ///
    /// - Parameter scope: the scope `define(_:_:)` gives, when the recipe sets none of its own.
    @inlinable
    func erasedFields(of recipe: Recipe<T>, scope: Scope? = nil) -> AnyDefinition.Fields {
        let facts = recipe.facts
        return AnyDefinition.Fields(
            identity: identity, arguments: arguments, functionName: function, assemblyType: assemblyType,
            declaredType: T.self, declaredScope: facts.scope ?? scope, isAbstract: facts.isAbstract,
            hasInitializer: facts.hasInitializer, injects: facts.injects,
            hasAfterInjections: facts.hasAfterInjections, isDefined: isDefined,
            isParameterized: isParameterized, parent: recipe.parent, exposedTypes: recipe.exposedTypes,
            isAsync: facts.isAsync, isMainActor: facts.isMainActor)
    }
}

extension Recipe {
    /// The injections of this recipe, as data, in build order. Inlinable, so that compiling a definition
    /// (inlined where `T` is known) walks the recipe's arrays specialized: generic code fetched the type
    /// metadata of each array and its elements, about 5,000 instructions per definition that injects.
    @inlinable var dependencies: [Dependency] {
        // Reserved whole: appending past the initializer's arguments would allocate the array twice.
        let injected = properties.count + methods.reduce(0) { $0 + $1.targets.count }
        var result = Dependency.initializerArguments(initializer?.dependencies ?? [], reserving: injected)
        if injected == 0 { return result }
        for property in properties {
            result.append(Dependency(target: property.target, site: .property(property.keyPath), cast: property.cast))
        }
        for (methodIndex, method) in methods.enumerated() {
            for (argument, target) in method.targets.enumerated() {
                result.append(Dependency(target: target, site: .methodArgument(method: methodIndex, argument: argument), cast: nil))
            }
        }
        return result
    }
}

extension Dependency {
    /// The initializer's arguments, in order: not generic, so that every definition's shares one copy.
    @usableFromInline
    static func initializerArguments(_ targets: [Target], reserving injected: Int = 0) -> [Dependency] {
        if targets.isEmpty, injected == 0 { return [] }
        var dependencies: [Dependency] = []
        dependencies.reserveCapacity(targets.count + injected)
        for index in targets.indices { dependencies.append(Dependency(target: targets[index], site: .initializerArgument(index), cast: nil)) }
        return dependencies
    }
}
