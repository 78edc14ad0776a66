/// Injecting into components built elsewhere (Typhoon's `inject:`, Objection's `injectDependencies:`).
extension BlockComponentFactory {
    /// Applies the property and method injections and the hooks of the unique definition declaring `T`
    /// to an object built elsewhere, such as a view controller made by a storyboard.
    ///
    /// ```swift
    /// let knight = Knight(quest: DragonQuest())
    /// try factory.inject(into: knight)     // damselsRescued, armory, … injected; initializer not called
    /// ```
    ///
    /// - Throws: `ErrorKind.noDefinitionForType` when no definition declares `T`, so a
    ///   forgotten definition is never silently skipped; any failure while injecting.
    public func inject<T: AnyObject>(into instance: T) throws(ResolutionError) {
        let entry = try uniqueEntry(for: T.self, path: [])
        try inject(into: instance, entry: entry)
    }

    /// Applies the injections of the definition an assembly method returns to an object built elsewhere.
    ///
    /// ```swift
    /// try factory.inject(into: knight, as: QuestAssembly.knight)
    /// ```
    public func inject<A: Assembly, T: AnyObject>(
        into instance: T, as method: (A) -> () -> Definition<T>
    ) throws(ResolutionError) {
        let definition = try definition(method, path: [])
        let entry = try entry(for: definition.reference, declaredType: T.self, path: [])
        try inject(into: instance, entry: entry)
    }

    /// Applies the injections of the unique definition declaring `T` to a value built elsewhere.
    public func inject<T>(into value: inout T) throws(ResolutionError) {
        let entry = try uniqueEntry(for: T.self, path: [])
        let injected = try withResolution { context throws(ResolutionError) in try context.inject(into: value, entry: entry) }
        if let typed = injected as? T { value = typed }
    }

    private func inject(into instance: AnyObject, entry: RegistryEntry) throws(ResolutionError) {
        _ = try withResolution { context throws(ResolutionError) in try context.inject(into: instance, entry: entry) }
    }
}
