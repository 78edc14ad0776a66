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

    /// What `define` and `define(_:_:)` do.
    @inlinable
    func declare<T>(
        fileID: StaticString, function: StaticString, line: UInt, column: UInt, scope: Scope? = nil, _ body: () -> Definition<T>
    ) -> Definition<T> {
        let identity = DefinitionIdentity(fileID: fileID, line: line, column: column, assembly: ObjectIdentifier(type(of: self)))
        let evaluation = ThreadState.current
        guard evaluation.pointee.definitions.mode == .idle else {
            // While activation lists definitions, a referenced body is evaluated once too, so that what
            // listed definitions reach is registered without being listed.
            if evaluation.pointee.definitions.isDiscovering, DefinitionEvaluation.shouldDiscover(identity) {
                DefinitionEvaluation.discovered(DefinitionEvaluation.declaring(ObjectIdentifier(type(of: self))) {
                    declared(body(), at: identity, function: function, scope: scope)
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
        return declared(body(), at: identity, function: function, scope: scope)
    }

    /// The body's definition, declared where `define` was called and compiled there, where `T` is known;
    /// with `define(_:_:)`'s scope when the body sets none (a body that sets another is reported at
    /// activation).
    @inlinable
    func declared<T>(_ made: consuming Definition<T>, at identity: DefinitionIdentity, function: StaticString, scope: Scope?) -> Definition<T> {
        if let scope, let own = made.storage?.recipe.scope, own != scope {
            DefinitionEvaluation.scopeConflict(at: identity, assemblyType: type(of: self), function: function, given: scope, set: own)
        }
        return made.declared(at: identity, arguments: .none, function: function, assemblyType: type(of: self), aliasScope: scope ?? .prototype)
            .specialized(scope: scope)
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
    /// Declares a definition with its scope given up front: `define(.lazySingleton) { … }` is
    /// `define { ….scope(.lazySingleton) }`, written where a reader looks for it first.
    ///
    /// ```swift
    /// func knight() -> Definition<Knight> {
    ///     define(.lazySingleton) { Definition(Knight.init(quest:horse:), quest(), horse()) }
    /// }
    /// ```
    ///
    /// The body is the same as in `define { … }` and runs as that one does: when the factory is
    /// activated, which then checks what it injects and registers what it reaches. A body that sets
    /// another scope too is reported at activation (`ErrorKind.conflictingScopes`).
    ///
    /// - Parameters:
    ///   - scope: how long built components live and who shares them.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    ///   - body: builds the definition; it runs at most once per call.
    /// - Returns: the definition, or a reference to it when called from inside another definition.
    @inlinable
    public func define<T>(
        _ scope: Scope,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column,
        _ body: () -> Definition<T>
    ) -> Definition<T> {
        declare(fileID: fileID, function: function, line: line, column: column, scope: scope, body)
    }
}

/// What a parameterized `Definition` value carries instead of a recipe (see `Definition.Origin.attached`):
/// its one subclass is `ParameterizedDefinition`.
///
/// Unchecked `Sendable`: it has no state; the subclass states why it is sendable.
@usableFromInline
class DefinitionAttachment: @unchecked Sendable {}
