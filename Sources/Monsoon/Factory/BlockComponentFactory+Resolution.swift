/// Resolution: the public ways to get a component.
extension BlockComponentFactory {
    /// The component of an assembly method, called on the activated instance of its assembly (or of the
    /// subclass that replaced it); for a parameterized method, pass its runtime arguments after it.
    ///
    /// ```swift
    /// let knight = try factory.resolve(QuestAssembly.knight)
    /// let lancelot = try factory.resolve(QuestAssembly.knight(named:), "Lancelot")
    /// ```
    ///
    /// - Throws: ``ResolutionError`` — `ErrorKind.assemblyNotActivated`,
    ///   `ErrorKind.undeclaredDefinition`, `ErrorKind.argumentMismatch` when a
    ///   method with parameters does not pass them to `define(arguments:)`, or any failure while building.
    /// - Complexity: for a parameterless method, calls it without evaluating its definition, then O(1) for
    ///   a warm singleton; a parameterized method's definition is evaluated for its arguments.
    @inlinable
    public func resolve<A: Assembly, T, each Argument>(
        _ method: (A) -> (repeat each Argument) -> Definition<T>, _ arguments: repeat each Argument
    ) throws(ResolutionError) -> T {
        var argumentCount = 0
        for _ in repeat (each Argument).self { argumentCount += 1 }
        if argumentCount == 0, let assembly = assemblies.assembly(A.self) {
            let definition = DefinitionEvaluation.with(.identifying) { method(assembly)(repeat each arguments) }
            return try resolve(definition)
        }
        return try reportingFailure { () throws(ResolutionError) in try resolveCold(method, repeat each arguments) }
    }

    /// The component of a parameterless assembly method: the same as the form with arguments, without
    /// the parameter pack, so that the common case compiles to the shortest code.
    ///
    /// ```swift
    /// let knight = try factory.resolve(QuestAssembly.knight)
    /// ```
    ///
    /// - Throws: ``ResolutionError`` — `ErrorKind.assemblyNotActivated`,
    ///   `ErrorKind.undeclaredDefinition`, or any failure while building.
    /// - Complexity: calls the method without evaluating its definition, then O(1) for a warm singleton.
    @inlinable
    public func resolve<A: Assembly, T>(_ method: (A) -> () -> Definition<T>) throws(ResolutionError) -> T {
        guard let assembly = assemblies.assembly(A.self) else {
            return try reportingFailure { () throws(ResolutionError) in try resolveCold(method) }
        }
        // Identifying mode set and restored by hand: the method cannot throw, and a closure around the
        // call would copy the returned definition once more.
        let thread = ThreadState.current
        let previous = thread.pointee.definitions.mode
        thread.pointee.definitions.mode = .identifying
        let definition = method(assembly)()
        thread.pointee.definitions.mode = previous
        // Not through `reportingFailure`: a closure would copy the definition once more.
        do throws(ResolutionError) {
            if !definition.isParameterized, let entry = catalog.entry(identifiedBy: definition.identity) {
                return try resolve(entry, as: T.self, thread: thread)
            }
            return try resolveCold(definition)
        } catch {
            throw reported(error)
        }
    }

    @usableFromInline
    func resolveCold<A: Assembly, T, each Argument>(
        _ method: (A) -> (repeat each Argument) -> Definition<T>, _ arguments: repeat each Argument
    ) throws(ResolutionError) -> T {
        let definition = try definition(method, repeat each arguments, path: [])
        var argumentCount = 0
        for _ in repeat (each Argument).self { argumentCount += 1 }
        if argumentCount > 0, definition.arguments.isEmpty {
            throw .argumentsNotDeclared(DefinitionKey(assemblyType: A.self, method: "\(definition.function)").description, count: argumentCount)
        }
        return try resolveCold(definition)
    }

    /// The component of a definition value, obeying its scope.
    ///
    /// ```swift
    /// let knight = try factory.resolve(questAssembly.knight())
    /// ```
    ///
    /// - Throws: ``ResolutionError``, `ErrorKind.undeclaredDefinition` when no activated
    ///   assembly lists the definition.
    /// - Complexity: O(1) for a warm singleton; otherwise proportional to the components built.
    @inlinable
    public func resolve<T>(_ definition: Definition<T>) throws(ResolutionError) -> T {
        do throws(ResolutionError) {
            if !definition.isParameterized, let entry = catalog.entry(identifiedBy: definition.identity) {
                return try resolve(entry, as: T.self)
            }
            return try resolveCold(definition)
        } catch {
            throw reported(error)
        }
    }

    @usableFromInline
    func resolveCold<T>(_ definition: Definition<T>) throws(ResolutionError) -> T {
        if definition.isParameterized { return try resolveParameterized(definition) }
        return try resolve(entry(for: definition.reference, declaredType: T.self, path: []), as: T.self)
    }

    func resolveParameterized<T>(_ definition: Definition<T>) throws(ResolutionError) -> T {
        // Through the resolution, so that its graph referring back to the same arguments finds this entry.
        try withResolution(of: .reference(definition.reference)) { context throws(ResolutionError) in try context.resolve(definition.reference, as: T.self) }
    }

    /// The component of the unique definition that declares `type` (the `T` of its `Definition<T>`).
    ///
    /// ```swift
    /// let quest = try factory.resolve((any Quest).self)
    /// ```
    ///
    /// - Throws: `ErrorKind.noDefinitionForType` or `ErrorKind.ambiguousType`
    ///   unless exactly one definition declares `type`, or any failure while building.
    /// - Complexity: O(1) lookup; O(1) for a warm singleton.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        if !patches.isActive, let entry = catalog.soleEntry(declaring: ObjectIdentifier(T.self)),
           let warm: T = warmComponent(in: entry) {
            return warm
        }
        return try reportingFailure { () throws(ResolutionError) in try resolveCold(type) }
    }

    @usableFromInline
    func resolveCold<T>(_ type: T.Type) throws(ResolutionError) -> T {
        try resolve(uniqueEntry(for: type, path: []), as: T.self)
    }

    /// The component of the definition with `key`, the assembly type and method name; with
    /// `arguments`, of the parameterized definition with that key, called with them.
    ///
    /// ```swift
    /// let knight: Knight = try factory.resolve(key: "QuestAssembly.knight()")
    /// let lancelot: Knight = try factory.resolve(key: "QuestAssembly.knight(named:)", arguments: ["Lancelot"])
    /// ```
    ///
    /// A key naming an assembly that a subclass replaced reaches the subclass's definition. A
    /// parameterized method must be listed in its assembly's ``Assembly/parameterizedDefinitions`` to be
    /// found by key.
    ///
    /// - Throws: `ErrorKind.unknownKey` (naming the nearest keys), `ErrorKind.typeMismatch`;
    ///   `ErrorKind.argumentMismatch` naming the parameter types the assembly's parameterized
    ///   definitions take when none with that name accepts these arguments; or any failure while
    ///   building.
    /// - Complexity: O(*k*) to hash the key of length *k*; O(1) more for a warm singleton. With
    ///   arguments, tries the assembly's declared parameterized methods with as many parameters.
    public func resolve<T>(key: String, arguments: [any Sendable] = [], as type: T.Type = T.self) throws(ResolutionError) -> T {
        try reportingFailure { () throws(ResolutionError) in
            guard arguments.isEmpty else { return try resolveParameterized(key: key, arguments: arguments, as: type) }
            return try withResolution(of: .key(key)) { context throws(ResolutionError) in try context.resolve(key: key, as: type) }
        }
    }

    /// The components of every definition that declares `type`, in registration order, built in one
    /// resolution (so they share objectGraph components). Empty when none does.
    ///
    /// - Complexity: proportional to the components built.
    public func allComponents<T>(of type: T.Type = T.self) throws(ResolutionError) -> [T] {
        try reportingFailure { () throws(ResolutionError) in
            try withResolution(of: .type(type)) { context throws(ResolutionError) in try context.allComponents(of: type) }
        }
    }
}

/// Resolving by key with runtime arguments: for module boundaries where the caller cannot import the
/// assembly and knows only a key and values. The awaiting form is here too: both find the method alike.
extension BlockComponentFactory {
    /// The component of the parameterized definition with `key`, called with `arguments` (not empty).
    func resolveParameterized<T>(key: String, arguments: [any Sendable], as type: T.Type) throws(ResolutionError) -> T {
        let reference = try parameterizedReference(key: key, arguments: arguments)
        guard let parameterized = reference.parameterized else {
            throw .argumentsNotDeclared(key, count: arguments.count)
        }
        let entry = try parameterizedEntry(for: reference, definition: parameterized, path: [])
        return try withResolution(of: .entry(entry)) { context throws(ResolutionError) in
            try context.component(of: entry, as: type)
        }
    }

    /// `resolveParameterized(key:arguments:as:)`, awaiting whatever the build must await.
    nonisolated(nonsending)
    func resolveParameterized<T>(key: String, arguments: [any Sendable], as type: T.Type) async throws -> T {
        let reference = try parameterizedReference(key: key, arguments: arguments)
        guard reference.parameterized != nil else { throw ResolutionError.argumentsNotDeclared(key, count: arguments.count) }
        let component = try await withAsyncResolution(of: .reference(reference)) { context in
            let entry = try context.entry(for: reference, declaredType: T.self)
            return try typed(try await context.instanceAsync(of: entry), of: entry, as: T.self, path: [])
        }
        return component
    }

    private func parameterizedReference(key: String, arguments: [any Sendable]) throws(ResolutionError) -> DefinitionReference {
        guard let parsed = DefinitionKey(parsing: key),
              let (assembly, methods) = assemblies.parameterizedMethods(ofAssemblyNamed: parsed.assembly), !methods.isEmpty
        else {
            throw .unknownKey(key, knownKeys: catalog.keys, path: [])
        }
        var acceptingNames: [String] = []
        for candidate in methods where candidate.parameterTypes.count == arguments.count {
            guard let reference = candidate.call(assembly, arguments) else { continue }
            if reference.function == parsed.method { return reference }
            acceptingNames.append(reference.function)
        }
        // Methods that take these arguments are named only once called with them: a misspelt label
        // (`squire(name:)`) is found among those.
        let nearest = nearestNames(to: parsed.method, among: acceptingNames)
        if !nearest.isEmpty {
            throw .unknownKey(key, knownKeys: [], path: [],
                              suggestions: nearest.map { DefinitionKey(assembly: parsed.assembly, method: $0).description })
        }
        throw .argumentMismatch(key, arguments: arguments, signatures: methods.map(\.signature))
    }
}

/// Asking whether something is registered, and optional lookups, for code that can do without a
/// component (Swinject's `resolve` returns an optional for that reason).
extension BlockComponentFactory {
    /// Whether exactly one definition declares `type`, so that ``resolve(_:)-7ft40`` finds it.
    ///
    /// ```swift
    /// if factory.contains((any Analytics).self) { … }
    /// ```
    public func contains(_ type: Any.Type) -> Bool {
        catalog.entries(declaring: type)?.count == 1
    }

    /// Whether a definition has `key`, or the key of a replaced assembly's method that a subclass
    /// answers to.
    public func contains(key: String) -> Bool {
        catalog.entry(forKey: key) != nil
    }

    /// The component of the unique definition that declares `type`, or `nil` when no definition does.
    ///
    /// ```swift
    /// let analytics = try factory.resolveIfPresent((any Analytics).self)   // nil in an app without one
    /// ```
    ///
    /// - Throws: every other failure, as ``resolve(_:)-7ft40`` does: several definitions declaring
    ///   `type` (`ErrorKind.ambiguousType`), or a build that fails. Absence is the only
    ///   thing that becomes `nil`, so a broken component is never mistaken for a missing one.
    ///
    /// Asked for an optional, `resolveIfPresent(Knight?.self)`, it finds the definition of `Knight`.
    public func resolveIfPresent<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T? {
        if catalog.entries(declaring: type) != nil { return try resolve(type) }
        guard let wrapped = Self.definedWrappedType(of: type, in: catalog) else { return nil }
        return try reportingFailure { () throws(ResolutionError) in try resolve(uniqueEntry(for: wrapped, path: []), as: T.self) }
    }

    /// `Knight` for `Knight?` when a definition declares it: the optional is what `resolveIfPresent`
    /// returns anyway, and no definition declares an optional.
    static func definedWrappedType(of type: Any.Type, in catalog: Catalog) -> Any.Type? {
        guard let wrapped = MetadataKind.wrappedType(ofOptional: type), catalog.entries(declaring: wrapped) != nil else { return nil }
        return wrapped
    }
}

extension Resolver {
    /// The component of the unique definition that declares `type`, or `nil` when no definition does;
    /// see ``BlockComponentFactory/resolveIfPresent(_:)``.
    public func resolveIfPresent<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T? {
        let context = try activeContext(typeName(type))
        if context.factory.catalog.entries(declaring: type) != nil { return try context.resolve(type) }
        guard let wrapped = BlockComponentFactory.definedWrappedType(of: type, in: context.factory.catalog) else { return nil }
        return try context.component(of: context.factory.uniqueEntry(for: wrapped, path: context.path), as: T.self)
    }
}

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

/// Reporting failed resolution calls to the factory's `onResolutionFailure` observer: every public call
/// that resolves runs its body through `reportingFailure` (or, where a closure would copy a definition,
/// catches into `reported` itself), and `reported` is the one place that decides what is reported.
extension BlockComponentFactory {
    /// Runs a public resolution call's body, reporting its failure. Inlined, and its body with it: the
    /// warm path runs no more code than without it (a caught error only changes where a failing call
    /// branches to).
    @inlinable @inline(__always)
    func reportingFailure<R>(_ body: () throws(ResolutionError) -> R) throws(ResolutionError) -> R {
        do {
            return try body()
        } catch {
            throw reported(error)
        }
    }

    /// `reportingFailure` for an asynchronous call, run on the caller's actor as the call is. Such a call
    /// may also throw `CancellationError`, which is not a failure of the graph: only a ``ResolutionError``
    /// is reported.
    @inlinable @inline(__always)
    nonisolated(nonsending)
    func reportingFailure<R>(_ body: nonisolated(nonsending) () async throws -> R) async throws -> R {
        do {
            return try await body()
        } catch let error as ResolutionError {
            throw reported(error)
        }
    }

    /// Hands `error` to the observer when the failing call is an outermost one, and returns it.
    ///
    /// Not reported: a call made while a component is being built on this thread or by an enclosing
    /// asynchronous resolution (its error reaches the call that started the build, which may recover
    /// from it), and a call the observer makes (a logger resolved from this factory that fails would
    /// otherwise report itself without end).
    @usableFromInline
    func reported(_ error: ResolutionError) -> ResolutionError {
        guard let failureObserver else { return error }
        let thread = ThreadState.current
        guard !Self.isInsideBuild(thread), !thread.pointee.resolutions.isReportingFailure else { return error }
        thread.pointee.resolutions.isReportingFailure = true
        defer { thread.pointee.resolutions.isReportingFailure = false }
        failureObserver(error)
        return error
    }

    /// Whether a component is being built on this thread, or by an
    /// asynchronous resolution enclosing this task: a call made then is part of that build.
    static func isInsideBuild(_ thread: CurrentThread) -> Bool {
        thread.pointee.resolutions.current != nil || thread.pointee.resolutions.isBuildingDetached
            || thread.pointee.resolutions.isPreparing || !AsyncResolutionChain.enclosing.isEmpty
    }
}
