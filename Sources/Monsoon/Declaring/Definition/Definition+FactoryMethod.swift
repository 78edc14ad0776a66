extension Definition {
    /// A definition whose component is made by calling a method on another component (Typhoon's
    /// factory definitions): the factory component is injected like any other, obeying its own scope.
    ///
    /// ```swift
    /// func userDAO() -> Definition<UserDAO> {
    ///     define { Definition(factory: daoFactory(), DAOFactory.makeUserDAO(table:), .value("users")) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - factory: the component whose method makes this one, usually a reference to its definition.
    ///   - method: the factory's method, unapplied (`DAOFactory.makeUserDAO(table:)`).
    ///   - arguments: one injection per parameter of the method.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    @inlinable
    public init<Factory, each Source: Injectable>(
        factory: some Injectable<Factory>,
        _ method: @escaping @Sendable (Factory) -> (repeat (each Source).Value) throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let factoryInjection = factory.injection
        let pack = InjectionPack(repeat each arguments)
        let make: @Sendable (Resolver) throws -> T = { resolver in
            try ArgumentRewrites.callFactoryMethod(factory: factoryInjection.produce, method, pack, resolver: resolver)
        }
        let initializer = Initializer(dependencies: [factoryInjection.target] + pack.targets,
                                      parameterTypes: [Factory.self] + pack.parameterTypes, make: make)
        self.init(recipe: Recipe<T>(initializer: initializer), fileID: fileID, function: function, line: line, column: column)
    }
}
