extension Assembly {
    /// Declares the definition an assembly method returns. Every definition method wraps its body in
    /// `define`:
    ///
    /// ```swift
    /// func knight() -> Definition<Knight> {
    ///     define { Definition(Knight.init(quest:horse:), quest(), horse()).scope(.lazySingleton) }
    /// }
    /// ```
    ///
    /// Inside the body, calling another definition method (`quest()`) yields a *reference* to that
    /// definition without evaluating it, which is what lets definitions refer to each other in cycles and
    /// keeps resolving by method reference cheap. A body that only calls another definition method
    /// (`define { quest() }`) makes an alias: resolving it resolves that definition, in that definition's
    /// scope. The definition is identified by where `define` is called, and its key is the assembly type
    /// plus the method name (`QuestAssembly.knight()`).
    ///
    /// - Parameters:
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    ///   - body: builds the definition; it runs at most once per call and only when the definition's
    ///     content is needed.
    /// - Returns: the definition, or a reference to it when called from inside another definition.
    @inlinable
    public func define<T>(
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column,
        _ body: () -> Definition<T>
    ) -> Definition<T> {
        declare(fileID: fileID, function: function, line: line, column: column, body)
    }

    /// `define` for a component that declares ``FactoryAware``: chosen by the compiler when `T`
    /// conforms, so the definition also hands the component its factory, with no check at run time.
    @inlinable
    public func define<T: FactoryAware>(
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column,
        _ body: () -> Definition<T>
    ) -> Definition<T> {
        declare(fileID: fileID, function: function, line: line, column: column) { body().handingOverFactory() }
    }

    /// What both forms of `define` do.
    @inlinable
    func declare<T>(
        fileID: StaticString, function: StaticString, line: UInt, column: UInt, _ body: () -> Definition<T>
    ) -> Definition<T> {
        let identity = DefinitionIdentity(fileID: fileID, line: line, column: column, assembly: ObjectIdentifier(type(of: self)))
        let evaluation = ThreadState.current
        guard evaluation.pointee.definitions.mode == .idle else {
            // While activation lists definitions, a referenced body is evaluated once too, so that what
            // listed definitions reach is registered without being listed.
            if evaluation.pointee.definitions.isDiscovering, DefinitionEvaluation.shouldDiscover(identity) {
                DefinitionEvaluation.discovered(DefinitionEvaluation.declaring(ObjectIdentifier(type(of: self))) {
                    body().declared(at: identity, arguments: .none, function: function, assemblyType: type(of: self)).specialized()
                })
            }
            return Definition(referenceTo: identity, function: function, assemblyType: type(of: self))
        }
        evaluation.pointee.definitions.mode = .evaluating
        let previousAssembly = evaluation.pointee.definitions.declaringAssembly
        evaluation.pointee.definitions.declaringAssembly = ObjectIdentifier(type(of: self))
        defer {
            evaluation.pointee.definitions.mode = .idle
            evaluation.pointee.definitions.declaringAssembly = previousAssembly
        }
        return body().declared(at: identity, arguments: .none, function: function, assemblyType: type(of: self)).specialized()
    }

    /// Declares a parameterized definition: an assembly method whose parameters are runtime arguments.
    /// Pass the method's parameters as `arguments`; components are pooled by definition *and* argument
    /// values.
    ///
    /// ```swift
    /// func knight(named name: String) -> Definition<Knight> {
    ///     define(arguments: name) { [self] in Definition(Knight.init(name:quest:), .value(name), quest()) }
    /// }
    /// let lancelot = try factory.resolve(QuestAssembly.knight(named:), "Lancelot")
    /// ```
    ///
    /// The body runs only when the factory needs the definition's content, so parameterized definitions
    /// may refer to each other in cycles, or to themselves with other arguments.
    ///
    /// - Parameters:
    ///   - first: the first runtime argument; `Hashable` because arguments key the pools, `Sendable`
    ///     because pools are shared across threads.
    ///   - more: the other runtime arguments, in parameter order.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    ///   - body: builds the definition for these arguments.
    public func define<T, First: Hashable & Sendable, each More: Hashable & Sendable>(
        arguments first: First, _ more: repeat each More,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column,
        _ body: @escaping () -> Definition<T>
    ) -> Definition<T> {
        let identity = DefinitionIdentity(fileID: fileID, line: line, column: column, assembly: ObjectIdentifier(type(of: self)))
        let runtimeArguments = RuntimeArguments(first, repeat each more)
        let assemblyType = type(of: self)
        let parameterized = ParameterizedDefinition(declaring: T.self) {
            DefinitionEvaluation.declaring(ObjectIdentifier(assemblyType)) { DefinitionEvaluation.with(.evaluating, body) }
                .declared(at: identity, arguments: runtimeArguments, function: function, assemblyType: assemblyType)
                .erased
        }
        return Definition(parameterized: parameterized, identity: identity, arguments: runtimeArguments, function: function, assemblyType: assemblyType)
    }
}

extension Assembly {
    /// Declares a definition with its scope, and defers its body: activation registers the definition from
    /// the call alone (its method, type and scope), and the factory runs the body the first time it needs
    /// the definition's content — when it is first resolved, injected, inherited from or validated. This
    /// is the form to use: activating a factory then costs about what registering in Swinject does.
    ///
    /// ```swift
    /// func knight() -> Definition<Knight> {
    ///     define(.lazySingleton) { [self] in Definition(Knight.init(quest:horse:), quest(), horse()) }
    /// }
    /// ```
    ///
    /// The body is the same as in `define { … }`, with `[self] in` because it
    /// is kept for later. Calling another definition method in it yields a reference, as there.
    ///
    /// What moves from activation to first use, because it needs the body (``BlockComponentFactory/validate(buildingOpaqueDefinitions:)``
    /// and MonsoonTesting's factories find all of it at start-up):
    /// - checks of what the body injects: references to definitions no assembly lists, configuration keys,
    ///   property types, parents. At first use they throw `ErrorKind.invalidDefinition` with
    ///   activation's message.
    /// - registering what the body reaches without being listed: a definition reached only through
    ///   another is registered, for references, when that one is first used. Lookups by type and key
    ///   never find it (they would otherwise depend on what was resolved before); their errors name it.
    ///   List what is looked up by type or key, and eager singletons.
    ///
    /// The scope is given here and nowhere else: a body that sets a different one is reported. Abstract
    /// definitions and `exposed(as:)` need the content at activation, so they keep the
    /// `define { … }` form.
    ///
    /// - Parameters:
    ///   - scope: how long built components live and who shares them.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    ///   - body: builds the definition; it runs once per factory, when the definition is first needed.
    /// - Returns: the definition, or a reference to it when called from inside another definition.
    @inlinable
    public func define<T>(
        _ scope: Scope,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column,
        _ body: @escaping () -> Definition<T>
    ) -> Definition<T> {
        declareDeferred(scope, fileID: fileID, function: function, line: line, column: column, body, finish: AsWritten.self)
    }

    /// `define(_:_:)` for a component that declares ``FactoryAware``: chosen by the compiler when `T`
    /// conforms, so the definition also hands the component its factory.
    @inlinable
    public func define<T: FactoryAware>(
        _ scope: Scope,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column,
        _ body: @escaping () -> Definition<T>
    ) -> Definition<T> {
        declareDeferred(scope, fileID: fileID, function: function, line: line, column: column, body, finish: HandingOverFactory.self)
    }

    /// What both forms of `define(_:_:)` do. Inlined into the assembly, so that the body is declared and
    /// specialized where `T` is known, whenever it runs.
    ///
    /// - Parameter finish: what is applied to the body's definition: a type, not a closure, so that the
    ///   stub does not keep it.
    @inlinable
    func declareDeferred<T, Finish: DeferredFinish<T>>(
        _ scope: Scope, fileID: StaticString, function: StaticString, line: UInt, column: UInt,
        _ body: @escaping () -> Definition<T>, finish: Finish.Type
    ) -> Definition<T> {
        let assemblyType = type(of: self)
        let identity = DefinitionIdentity(fileID: fileID, line: line, column: column, assembly: ObjectIdentifier(assemblyType))
        let evaluation = ThreadState.current
        let mode = evaluation.pointee.definitions.mode
        // Resolving by method reference: the identity is all that is needed, and making it allocates nothing.
        if mode == .identifying { return Definition(referenceTo: identity, function: function, assemblyType: assemblyType) }
        // Called outside a factory (a test reading a definition): evaluated now, as `define { }` is.
        if mode == .idle, !evaluation.pointee.definitions.isListing {
            return Self.evaluateDeferred(body, finish: Finish.self, identity: identity, function: function, assemblyType: assemblyType, scope: scope)
        }
        // In a body evaluated after activation, a reference to a definition the factory registered needs
        // no stub: the stub is only how an unregistered definition gets registered.
        if mode == .evaluating, evaluation.pointee.definitions.isDiscovering, DefinitionEvaluation.isRegistered(identity) {
            return Definition(referenceTo: identity, function: function, assemblyType: assemblyType)
        }
        // The stub holds the body; the closure captures nothing (its box is the stub's), so it needs no context.
        let stub = AnyDefinition(box: DeferredStub(body, identity: identity, functionName: function, assemblyType: assemblyType,
                                                   scope: scope, evaluate: DeferredBody { stub in
            let typed = uncheckedCast(stub.box, to: DeferredStub<T>.self)
            return Assembly.declaredDeferred(typed.body, finish: Finish.self, identity: stub.identity, function: stub.functionName,
                                             assemblyType: typed.assemblyType, scope: typed.scope).erasedSpecialized(scope: typed.scope)
        }))
        if mode == .evaluating, evaluation.pointee.definitions.isDiscovering, DefinitionEvaluation.shouldDiscover(identity) {
            DefinitionEvaluation.discovered(stub: stub)
        }
        return Definition(deferred: stub, identity: identity, function: function, assemblyType: assemblyType)
    }

    /// Runs a deferred body as `define { }` runs its body, and gives the definition `define`'s scope.
    @inlinable
    static func evaluateDeferred<T, Finish: DeferredFinish<T>>(
        _ body: () -> Definition<T>, finish: Finish.Type, identity: DefinitionIdentity,
        function: StaticString, assemblyType: Assembly.Type, scope: Scope
    ) -> Definition<T> {
        declaredDeferred(body, finish: finish, identity: identity, function: function, assemblyType: assemblyType, scope: scope)
            .specialized(scope: scope)
    }

    /// The body's definition, declared where `define` was called, not yet compiled.
    @inlinable
    static func declaredDeferred<T, Finish: DeferredFinish<T>>(
        _ body: () -> Definition<T>, finish: Finish.Type, identity: DefinitionIdentity,
        function: StaticString, assemblyType: Assembly.Type, scope: Scope
    ) -> Definition<T> {
        let made = DefinitionEvaluation.declaring(ObjectIdentifier(assemblyType)) { DefinitionEvaluation.with(.evaluating, body) }
        let declared = made.declared(at: identity, arguments: .none, function: function, assemblyType: assemblyType, aliasScope: scope)
        return Finish.finishing(declared)
    }
}

/// What `define(_:_:)` applies to its body's definition, chosen by the overload the compiler picks: a
/// type rather than a stored closure, so that a stub keeps only its body.
@usableFromInline
protocol DeferredFinish<Component> {
    associatedtype Component
    static func finishing(_ definition: consuming Definition<Component>) -> Definition<Component>
}

/// The body's definition as written.
@usableFromInline
enum AsWritten<Component>: DeferredFinish, Sendable {
    @inlinable
    static func finishing(_ definition: consuming Definition<Component>) -> Definition<Component> { definition }
}

/// The body's definition, also handing the component its factory (``FactoryAware``).
@usableFromInline
enum HandingOverFactory<Component: FactoryAware>: DeferredFinish, Sendable {
    @inlinable
    static func finishing(_ definition: consuming Definition<Component>) -> Definition<Component> { definition.handingOverFactory() }
}

/// The body of a definition declared with `define(_:_:)`, kept unevaluated: activation registers the
/// definition from what `define` itself knows (its call site, method, type and scope), and the factory
/// runs the body the first time it needs the definition's content.
///
/// Unchecked `Sendable` for the reason `ParameterizedDefinition` gives: the body captures its assembly,
/// which is immutable configuration by contract, and only creates a definition.
@usableFromInline
struct DeferredBody: @unchecked Sendable {
    /// Runs the body and returns the definition it makes, declared and specialized where its type is
    /// known (the closure is made inside the inlined `define`). It is handed the stub, whose box
    /// (a `DeferredStub`) holds the body, identity, method and scope, so that the closure captures
    /// nothing and allocates no context: a stub is one object.
    @usableFromInline let evaluate: (AnyDefinition) -> AnyDefinition

    @inlinable
    init(_ evaluate: @escaping (AnyDefinition) -> AnyDefinition) {
        self.evaluate = evaluate
    }

    /// The definition this body makes for `stub`.
    func definition(for stub: AnyDefinition) -> AnyDefinition {
        evaluate(stub)
    }
}

/// A deferred definition's stub: the box of what `define(_:_:)` knows, holding the body typed, for its
/// `DeferredBody` to run.
@usableFromInline
final class DeferredStub<T>: AnyDefinition.Box, @unchecked Sendable {
    @usableFromInline let body: () -> Definition<T>
    /// Runs `body` where `T` is known (see `DeferredBody`).
    @usableFromInline let evaluate: DeferredBody

    @inlinable
    init(_ body: @escaping () -> Definition<T>, identity: DefinitionIdentity, functionName: StaticString, assemblyType: Assembly.Type,
         scope: Scope, evaluate: DeferredBody) {
        self.body = body
        self.evaluate = evaluate
        super.init(stub: identity, functionName: functionName, assemblyType: assemblyType, declaredType: T.self, scope: scope)
    }

    private init(_ fields: AnyDefinition.Fields, body: @escaping () -> Definition<T>, evaluate: DeferredBody) {
        self.body = body
        self.evaluate = evaluate
        super.init(fields)
    }

    override var deferred: DeferredBody? { evaluate }

    override func holding(_ fields: AnyDefinition.Fields) -> AnyDefinition.Box {
        DeferredStub(fields, body: body, evaluate: evaluate)
    }

    /// The activated assembly's type and the scope `define` gave, which a stub always has.
    @usableFromInline var assemblyType: Assembly.Type { fields.assemblyType ?? Assembly.self }
    @usableFromInline var scope: Scope { fields.declaredScope ?? .objectGraph }
}

/// What a `Definition` value carries instead of a recipe (see `Definition.Origin.attached`): a
/// `ParameterizedDefinition` or a deferred definition's stub (`AnyDefinition.Box`).
///
/// Unchecked `Sendable`: it has no state; each subclass states why it is sendable.
@usableFromInline
class DefinitionAttachment: @unchecked Sendable {}
