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
    ///   forgotten definition is never silently skipped; `ErrorKind.asyncRequired` when an injection
    ///   needs a component with an async initializer (use the `async` form); any failure while injecting.
    public func inject<T: AnyObject>(into instance: T) throws(ResolutionError) {
        try reportingFailure { () throws(ResolutionError) in
            let entry = try uniqueEntry(for: T.self, path: [])
            _ = try inject(into: instance, entry: entry)
        }
    }

    /// Applies the injections of the definition an assembly method returns to an object built elsewhere.
    ///
    /// ```swift
    /// try factory.inject(into: knight, as: QuestAssembly.knight)
    /// ```
    public func inject<A: Assembly, T: AnyObject>(
        into instance: T, as method: (A) -> () -> Definition<T>
    ) throws(ResolutionError) {
        try reportingFailure { () throws(ResolutionError) in
            let definition = try definition(method, path: [])
            let entry = try entry(for: definition.reference, declaredType: T.self, path: [])
            _ = try inject(into: instance, entry: entry)
        }
    }

    /// Applies the injections of the unique definition declaring `T` to a value built elsewhere.
    public func inject<T>(into value: inout T) throws(ResolutionError) {
        let injected = try reportingFailure { () throws(ResolutionError) in try inject(into: value, entry: uniqueEntry(for: T.self, path: [])) }
        if let typed = injected as? T { value = typed }
    }

    private func inject(into existing: Any, entry: RegistryEntry) throws(ResolutionError) -> Any {
        do {
            if !entry.isPrepared { try prepare(entry, path: []) }
            return try withResolution(of: .entry(entry)) { context throws(ResolutionError) in try context.inject(into: existing, entry: entry) }
        } catch {
            throw error.asyncRequired(in: .injection)
        }
    }
}

/// Injecting into components built elsewhere, awaiting what the injections need.
extension BlockComponentFactory {
    /// Applies the property and method injections and the hooks of the unique definition declaring `T`
    /// to an object built elsewhere, awaiting the components with async initializers they inject.
    ///
    /// ```swift
    /// let screen = ReportScreen()                 // made by a storyboard
    /// try await factory.inject(into: screen)      // its database, whose initializer is async, awaited
    /// ```
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func inject<T: AnyObject>(into instance: T) async throws {
        try await reportingFailure { try await injectAsync(into: instance, entry: uniqueEntry(for: T.self, path: [])) }
    }

    /// Applies the injections of the definition an assembly method returns to an object built elsewhere,
    /// awaiting what they need: `try await factory.inject(into: screen, as: ReportAssembly.screen)`.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func inject<A: Assembly, T: AnyObject>(into instance: T, as method: (A) -> () -> Definition<T>) async throws {
        try await reportingFailure {
            let definition = try definition(method, path: [])
            try await injectAsync(into: instance, entry: entry(for: definition.reference, declaredType: T.self, path: []))
        }
    }

    nonisolated(nonsending)
    private func injectAsync(into instance: AnyObject, entry: RegistryEntry) async throws {
        if !entry.isPrepared { try prepare(entry, path: []) }
        _ = try await withAsyncResolution(of: .entry(entry)) { context in try await context.injectAsync(into: instance, entry: entry) }
    }
}
