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
        declareDeferred(scope, fileID: fileID, function: function, line: line, column: column, body, finish: nil)
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
        declareDeferred(scope, fileID: fileID, function: function, line: line, column: column, body) { $0.handingOverFactory() }
    }

    /// What both forms of `define(_:_:)` do. Inlined into the assembly, so that the body is declared and
    /// specialized where `T` is known, whenever it runs.
    ///
    /// - Parameter finish: applied to the body's definition; a closure that captures nothing, so that
    ///   passing it allocates nothing.
    @inlinable
    func declareDeferred<T>(
        _ scope: Scope, fileID: StaticString, function: StaticString, line: UInt, column: UInt,
        _ body: @escaping () -> Definition<T>, finish: ((Definition<T>) -> Definition<T>)?
    ) -> Definition<T> {
        let assemblyType = type(of: self)
        let identity = DefinitionIdentity(fileID: fileID, line: line, column: column, assembly: ObjectIdentifier(assemblyType))
        let evaluation = ThreadState.current
        let mode = evaluation.pointee.definitions.mode
        // Resolving by method reference: the identity is all that is needed, and making it allocates nothing.
        if mode == .identifying { return Definition(referenceTo: identity, function: function, assemblyType: assemblyType) }
        // Called outside a factory (a test reading a definition): evaluated now, as `define { }` is.
        if mode == .idle, !evaluation.pointee.definitions.isListing {
            return Self.evaluateDeferred(body, finish: finish, identity: identity, function: function, assemblyType: assemblyType, scope: scope)
        }
        // The stub holds the body; the closure captures nothing (its box is the stub's), so it needs no context.
        let stub = AnyDefinition(box: DeferredStub(body, finish: finish, identity: identity, functionName: function, assemblyType: assemblyType,
                                                   scope: scope, evaluate: DeferredBody { stub in
            let typed = unsafeDowncast(stub.box, to: DeferredStub<T>.self)
            return Assembly.declaredDeferred(typed.body, finish: typed.finish, identity: stub.identity, function: stub.functionName,
                                             assemblyType: typed.assemblyType, scope: typed.scope).erasedSpecialized(scope: typed.scope)
        }))
        if mode == .evaluating, evaluation.pointee.definitions.isDiscovering, DefinitionEvaluation.shouldDiscover(identity) {
            DefinitionEvaluation.discovered(stub: stub)
        }
        return Definition(deferred: stub, identity: identity, function: function, assemblyType: assemblyType)
    }

    /// Runs a deferred body as `define { }` runs its body, and gives the definition `define`'s scope.
    @inlinable
    static func evaluateDeferred<T>(
        _ body: () -> Definition<T>, finish: ((Definition<T>) -> Definition<T>)?, identity: DefinitionIdentity,
        function: StaticString, assemblyType: Assembly.Type, scope: Scope
    ) -> Definition<T> {
        declaredDeferred(body, finish: finish, identity: identity, function: function, assemblyType: assemblyType, scope: scope)
            .specialized(scope: scope)
    }

    /// The body's definition, declared where `define` was called, not yet compiled.
    @inlinable
    static func declaredDeferred<T>(
        _ body: () -> Definition<T>, finish: ((Definition<T>) -> Definition<T>)?, identity: DefinitionIdentity,
        function: StaticString, assemblyType: Assembly.Type, scope: Scope
    ) -> Definition<T> {
        let made = DefinitionEvaluation.declaring(ObjectIdentifier(assemblyType)) { DefinitionEvaluation.with(.evaluating, body) }
        let declared = made.declared(at: identity, arguments: .none, function: function, assemblyType: assemblyType, aliasScope: scope)
        return finish?(declared) ?? declared
    }
}
