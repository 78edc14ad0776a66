/// Asynchronous resolution: the same lookups as the synchronous ones, for components whose initializer
/// is `async`, for components that need the main actor when the caller is elsewhere, and for any
/// component from async code.
///
/// Each method runs on the caller's actor (`nonisolated(nonsending)`): from the main actor a warm
/// singleton comes back with no hop at all, and main-actor components are built right there. A
/// component that needs nothing to be awaited is resolved exactly as the synchronous method resolves it.
extension BlockComponentFactory {
    /// The component of an assembly method, awaiting whatever its build must await.
    ///
    /// ```swift
    /// let database = try await factory.resolve(StorageAssembly.database)
    /// ```
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError` when the task
    ///   is cancelled while it waits for another task's build of a shared component (that build goes
    ///   on), or when an initializer throws it.
    /// - Complexity: O(1) for a warm singleton; otherwise proportional to the components built.
    @inlinable
    nonisolated(nonsending)
    public func resolve<A: Assembly, T>(_ method: (A) -> () -> Definition<T>) async throws -> T {
        try await reportingFailure {
            guard let assembly = assemblies.assembly(A.self) else { return try resolveCold(method) }
            let definition = DefinitionEvaluation.with(.identifying) { method(assembly)() }
            if !definition.isParameterized, let entry = catalog.entry(identifiedBy: definition.identity) {
                return try await resolveAsync(entry, as: T.self)
            }
            return try await resolveColdAsync(definition)
        }
    }

    /// The component of a parameterized assembly method with its runtime arguments, awaiting whatever
    /// its build must await: `try await factory.resolve(QuestAssembly.knight(named:), "Lancelot")`.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func resolve<A: Assembly, T, each Argument>(
        _ method: (A) -> (repeat each Argument) -> Definition<T>, _ arguments: repeat each Argument
    ) async throws -> T {
        try await reportingFailure {
            let definition = try definition(method, repeat each arguments, path: [])
            var argumentCount = 0
            for _ in repeat (each Argument).self { argumentCount += 1 }
            if argumentCount > 0, definition.arguments.isEmpty {
                throw ResolutionError.argumentsNotDeclared(DefinitionKey(assemblyType: A.self, method: "\(definition.function)").description, count: argumentCount)
            }
            return try await resolveColdAsync(definition)
        }
    }

    /// The component of a definition value, awaiting whatever its build must await.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func resolve<T>(_ definition: Definition<T>) async throws -> T {
        try await reportingFailure {
            if !definition.isParameterized, let entry = catalog.entry(identifiedBy: definition.identity) {
                return try await resolveAsync(entry, as: T.self)
            }
            return try await resolveColdAsync(definition)
        }
    }

    /// The component of the unique definition that declares `type`, awaiting whatever its build must
    /// await.
    ///
    /// ```swift
    /// let store = try await factory.resolve(ForecastStore.self)
    /// ```
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    /// - Complexity: O(1) lookup; O(1) for a warm singleton.
    @inlinable @inline(__always)
    nonisolated(nonsending)
    public func resolve<T>(_ type: T.Type = T.self) async throws -> T {
        // Inlined into the caller, so that a warm component costs no async frame of its own.
        if !patches.isActive, let entry = catalog.soleEntry(declaring: ObjectIdentifier(T.self)),
           let warm: T = warmComponent(in: entry) {
            return warm
        }
        return try await resolveColdAsync(type)
    }

    /// The cold part of `resolve(_:)`, out of line: the inlined warm path stays one call long.
    @usableFromInline
    nonisolated(nonsending)
    func resolveColdAsync<T>(_ type: T.Type) async throws -> T {
        try await reportingFailure { try await resolveAsync(uniqueEntry(for: type, path: []), as: T.self) }
    }

    /// The component of the definition with `key` (with `arguments`, of the parameterized definition),
    /// awaiting whatever its build must await.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func resolve<T>(key: String, arguments: [any Sendable] = [], as type: T.Type = T.self) async throws -> T {
        try await reportingFailure {
            guard arguments.isEmpty else { return try await resolveParameterized(key: key, arguments: arguments, as: type) }
            return try await resolveAsync(entry(key: key, path: []), as: T.self)
        }
    }

    /// The components of every definition that declares `type`, in registration order, built in one
    /// resolution, awaiting whatever their builds must await.
    ///
    /// - Throws: ``ResolutionError`` as the synchronous form does, or `CancellationError`.
    nonisolated(nonsending)
    public func allComponents<T>(of type: T.Type = T.self) async throws -> [T] {
        let entries = catalog.entries(declaring: type) ?? []
        return try await reportingFailure {
            try await withAsyncResolution(of: .type(type)) { context in
                var components: [T] = []
                for entry in entries { components.append(try typed(try await context.instanceAsync(of: entry), of: entry, as: type, path: [])) }
                return components
            }
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

extension BlockComponentFactory {
    /// Where every asynchronous lookup that found its entry ends: the warm component, the synchronous
    /// resolution when nothing needs awaiting, otherwise an asynchronous resolution.
    @usableFromInline
    nonisolated(nonsending)
    func resolveAsync<T>(_ entry: RegistryEntry, as type: T.Type) async throws -> T {
        if !patches.isActive, let warm: T = warmComponent(in: entry) { return warm }
        if !entry.isPrepared { try prepare(entry, path: []) }
        if !entry.reach.mayAwait, !(entry.reach.mayNeedMainActor || patches.hasMainActorDouble) || MainActorCall.isMainActor {
            do {
                return try resolve(entry, as: T.self)
            } catch {
                // The graph shows nothing to await, so what met an async initializer is a closure's Resolver.
                throw error.asyncRequired(in: .closure)
            }
        }
        let component = try await withAsyncResolution(of: .entry(entry)) { context in try await context.instanceAsync(of: entry) }
        return try typed(component, of: entry, as: T.self, path: [])
    }

    @usableFromInline
    nonisolated(nonsending)
    func resolveColdAsync<T>(_ definition: Definition<T>) async throws -> T {
        guard definition.isParameterized else {
            return try await resolveAsync(entry(for: definition.reference, declaredType: T.self, path: []), as: T.self)
        }
        // Through the resolution, so that its graph referring back to the same arguments finds this entry.
        let reference = definition.reference
        let component = try await withAsyncResolution(of: .reference(reference)) { context in
            let entry = try context.entry(for: reference, declaredType: T.self)
            return try typed(try await context.instanceAsync(of: entry), of: entry, as: T.self, path: [])
        }
        return component
    }

    /// Runs `body` in a new asynchronous resolution of this factory, finishing or abandoning it.
    nonisolated(nonsending)
    func withAsyncResolution<R>(of subject: ResolutionSubject = .unnamed, _ body: (ResolutionContext) async throws -> R) async throws -> R {
        let enclosing = AsyncResolutionChain.enclosing
        // Async initializers that resolve what builds them again, each in a resolution of its own:
        // the chain of resolutions is bounded like the stack of one.
        if enclosing.count >= limits.maximumDepth {
            throw ResolutionError.depthLimitExceeded("a resolution started by an async initializer", limit: limits.maximumDepth,
                                                     stackExhausted: false, path: [])
        }
        if let childLifetime {
            let gate = childLifetime.enter()
            if gate != .open { throw ResolutionError.factoryClosed(subject, gate, reachedFromChild: false) }
        }
        defer { childLifetime?.leave() }
        let context = ResolutionContext()
        context.begin(factory: self, enclosing: nil, stackFloor: 0)
        context.hot.pointee.run.isAsynchronous = true
        do {
            let result = try await AsyncResolutionChain.$enclosing.withValue(enclosing + [context.id]) {
                try await body(context)
            }
            context.segment { context.complete() }
            return result
        } catch {
            context.abandon()
            throw error
        }
    }
}
