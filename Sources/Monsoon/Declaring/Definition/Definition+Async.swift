// Components whose initializer is `async`. The fixed-arity forms are in Definition+Arities.swift;
// the compiler picks them for an `async` initializer or factory function, and for an initializer isolated
// to a global actor other than the main actor (Swift calls such an initializer with `await`).

extension Definition {
    /// What every `async` initializer form comes to, with its arguments already evaluated: the arguments
    /// are produced within the resolution, then the initializer is awaited outside every synchronous
    /// part of it.
    @inlinable
    init<each Source: Injectable>(
        packedAsync initializer: @escaping @Sendable (repeat (each Source).Value) async throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString, function: StaticString, line: UInt, column: UInt, wiredByType: Bool = false
    ) {
        let pack = InjectionPack(repeat each arguments)
        let makeAsync: @Sendable (Resolver) throws -> PendingCall<T> = { resolver in
            try pack.call({ (values: repeat (each Source).Value) in
                PendingCall { try await initializer(repeat each values) }
            }, resolver: resolver)
        }
        let recipe = Recipe<T>(initializer: Initializer(
            dependencies: pack.targets, parameterTypes: pack.parameterTypes, wiredByType: wiredByType, makeAsync: makeAsync))
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }

    /// What every `nonisolated(nonsending)` initializer form comes to: the `async` form, with the
    /// function called from a nonisolated one (where it runs, as it inherits its caller's isolation).
    @inlinable
    init<each Source: Injectable>(
        packedNonsending initializer: nonisolated(nonsending) @escaping @Sendable (repeat (each Source).Value) async throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString, function: StaticString, line: UInt, column: UInt, wiredByType: Bool = false
    ) {
        self.init(packedAsync: { (values: repeat (each Source).Value) in try await initializer(repeat each values) },
                  repeat each arguments, fileID: fileID, function: function, line: line, column: column, wiredByType: wiredByType)
    }

    /// A definition whose `nonisolated(nonsending)` `async` initializer takes any number of injected
    /// arguments: the form for more than six (up to six, the fixed-arity forms are chosen).
    @inlinable @_disfavoredOverload
    public init<each Source: Injectable>(
        _ initializer: borrowing nonisolated(nonsending) @escaping @Sendable (repeat (each Source).Value) async throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedNonsending: copy initializer, repeat each arguments, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition whose `async` initializer takes any number of injected arguments: the form for more
    /// than six (up to six, the fixed-arity forms are chosen).
    @inlinable @_disfavoredOverload
    public init<each Source: Injectable>(
        _ initializer: @escaping @Sendable (repeat (each Source).Value) async throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedAsync: initializer, repeat each arguments, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition wired by type whose initializer is `async`: each parameter is the one component of its
    /// type (see the synchronous form, `Definition(Knight.init(quest:horse:))`).
    @inlinable @_disfavoredOverload
    public init<each Parameter>(
        _ initializer: @escaping @Sendable (repeat each Parameter) async throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedAsync: initializer, repeat Injection<each Parameter>.byType(), fileID: fileID, function: function, line: line, column: column,
                  wiredByType: true)
    }

    /// A definition wired by type whose initializer is `nonisolated(nonsending)` and `async`.
    @inlinable @_disfavoredOverload
    public init<each Parameter>(
        _ initializer: borrowing nonisolated(nonsending) @escaping @Sendable (repeat each Parameter) async throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedNonsending: copy initializer, repeat Injection<each Parameter>.byType(),
                  fileID: fileID, function: function, line: line, column: column, wiredByType: true)
    }

    /// A definition whose component is made by an `async` method of another component: Typhoon's
    /// factory definitions, with a method that must be awaited.
    ///
    /// ```swift
    /// func connection() -> Definition<Connection> {
    ///     define { Definition(factory: pool(), ConnectionPool.open(timeout:), .value(5)) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - factory: the component whose method makes this one, usually a reference to its definition.
    ///   - method: the factory's `async` method, unapplied.
    ///   - arguments: one injection per parameter of the method.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    @inlinable
    public init<Factory, each Source: Injectable>(
        factory: some Injectable<Factory>,
        _ method: @escaping @Sendable (Factory) -> (repeat (each Source).Value) async throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let factoryInjection = factory.injection
        let pack = InjectionPack(repeat each arguments)
        let makeAsync: @Sendable (Resolver) throws -> PendingCall<T> = { resolver in
            try ArgumentRewrites.callFactoryMethod(factory: factoryInjection.produce, { made in
                { (values: repeat (each Source).Value) in PendingCall { try await method(made)(repeat each values) } }
            }, pack, resolver: resolver)
        }
        let initializer = Initializer(dependencies: [factoryInjection.target] + pack.targets,
                                      parameterTypes: [Factory.self] + pack.parameterTypes, makeAsync: makeAsync)
        self.init(recipe: Recipe<T>(initializer: initializer), fileID: fileID, function: function, line: line, column: column)
    }
}
