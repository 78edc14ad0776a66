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
    public init<Factory, each Argument>(
        factory: some Injectable<Factory>,
        _ method: @escaping @Sendable (Factory) -> (repeat each Argument) throws -> T,
        _ arguments: repeat any Injectable<each Argument>,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let initializer = FactoryMethodInitializer(
            factory: factory.injection, method: method, arguments: InjectionPack(repeat each arguments))
        self.init(recipe: Recipe<T>(initializer: initializer), fileID: fileID, function: function, line: line, column: column)
    }
}

/// An initializer that calls a method of another component.
struct FactoryMethodInitializer<Component, Factory, each Argument>: InitializerRecipe {
    let factory: Injection<Factory>
    let method: @Sendable (Factory) -> (repeat each Argument) throws -> Component
    let arguments: InjectionPack<repeat each Argument>

    var dependencies: [Dependency.Target] { [factory.target] + arguments.targets }

    func make(_ resolver: Resolver) throws -> Component {
        let factoryComponent = try factory.produce(resolver)
        return try arguments.call(method(factoryComponent), resolver: resolver)
    }
}
