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
    /// scope. The definition is identified by where `define` is
    /// called, and its key is the assembly type plus the method name (`QuestAssembly.knight()`).
    ///
    /// - Parameter body: builds the definition; it runs at most once per call and only when the
    ///   definition's content is needed.
    /// - Returns: the definition, or a reference to it when called from inside another definition.
    public func define<T>(
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column,
        _ body: () -> Definition<T>
    ) -> Definition<T> {
        let identity = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard DefinitionEvaluation.mode == .idle else {
            return Definition(referenceTo: identity, function: function)
        }
        var definition = DefinitionEvaluation.with(.evaluating, body)
        if definition.origin == .reference { definition = .alias(of: definition) }
        definition.identity = identity
        definition.function = function
        definition.origin = .defined
        return definition
    }
}
