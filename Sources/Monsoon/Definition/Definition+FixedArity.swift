// Fixed-arity forms of the initializer and method injections, 0 to 8 arguments. Generated; keep the
// pattern when editing.
//
// Two reasons to prefer them to the parameter-pack forms, which remain for longer argument lists:
// - When an argument has the wrong type, Swift names the argument and both types ("cannot convert
//   value of type '(Quest, Horse) -> Knight' to expected argument type '(Quest, Sword) -> Knight'");
//   with a pack it can fail to produce any diagnostic. (That is also why the pack form of
//   `injectMethod` takes the label `arguments:`: unlabelled, its mere presence makes Swift 6.3 report
//   "failed to produce diagnostic" for a mistyped argument of the fixed-arity forms.)
// - Arguments are autoclosures, so `Definition` evaluates them itself. A definition written without
//   `define { }` that reaches itself again through its arguments (`a()` injecting `b()` injecting
//   `a()`) would otherwise recurse in the assembly's own code until the stack overflows, before any of
//   Monsoon's code runs; evaluated here, the second visit of the same call site is detected and stops
//   (activation then reports the definition as written outside `define`).

extension Definition {
    /// A definition that builds its component by calling `initializer`, which takes no arguments.
    ///
    /// ```swift
    /// Definition(HolyGrailQuest.init)
    /// ```
    @inlinable
    public init(
        _ initializer: @escaping @Sendable () throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        // No pack: with no argument there is nothing to produce, resolve or rewrite.
        let recipe = Recipe<T>(initializer: Initializer(dependencies: []) { _ in try initializer() })
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per
    /// parameter: another definition (by reference), `.value(_:)`, `.byType()`, `.resolved { … }`.
    ///
    /// ```swift
    /// Definition(Knight.init(quest:horse:), quest(), .value(Horse(name: "Binky")))
    /// ```
    @inlinable
    public init<A: Injectable>(
        _ initializer: @escaping @Sendable (A.Value) throws -> T,
        _ a: @autoclosure () -> A,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { a() }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per parameter.
    @inlinable
    public init<A: Injectable, B: Injectable>(
        _ initializer: @escaping @Sendable (A.Value, B.Value) throws -> T,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { (a(), b()) }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources.0, sources.1, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per parameter.
    @inlinable
    public init<A: Injectable, B: Injectable, C: Injectable>(
        _ initializer: @escaping @Sendable (A.Value, B.Value, C.Value) throws -> T,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { (a(), b(), c()) }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources.0, sources.1, sources.2, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per parameter.
    @inlinable
    public init<A: Injectable, B: Injectable, C: Injectable, D: Injectable>(
        _ initializer: @escaping @Sendable (A.Value, B.Value, C.Value, D.Value) throws -> T,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C, _ d: @autoclosure () -> D,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { (a(), b(), c(), d()) }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources.0, sources.1, sources.2, sources.3, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per parameter.
    @inlinable
    public init<A: Injectable, B: Injectable, C: Injectable, D: Injectable, E: Injectable>(
        _ initializer: @escaping @Sendable (A.Value, B.Value, C.Value, D.Value, E.Value) throws -> T,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C, _ d: @autoclosure () -> D, _ e: @autoclosure () -> E,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { (a(), b(), c(), d(), e()) }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources.0, sources.1, sources.2, sources.3, sources.4, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per parameter.
    @inlinable
    public init<A: Injectable, B: Injectable, C: Injectable, D: Injectable, E: Injectable, F: Injectable>(
        _ initializer: @escaping @Sendable (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value) throws -> T,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C, _ d: @autoclosure () -> D, _ e: @autoclosure () -> E, _ f: @autoclosure () -> F,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { (a(), b(), c(), d(), e(), f()) }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources.0, sources.1, sources.2, sources.3, sources.4, sources.5, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per parameter.
    @inlinable
    public init<A: Injectable, B: Injectable, C: Injectable, D: Injectable, E: Injectable, F: Injectable, G: Injectable>(
        _ initializer: @escaping @Sendable (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value) throws -> T,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C, _ d: @autoclosure () -> D, _ e: @autoclosure () -> E, _ f: @autoclosure () -> F, _ g: @autoclosure () -> G,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { (a(), b(), c(), d(), e(), f(), g()) }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources.0, sources.1, sources.2, sources.3, sources.4, sources.5, sources.6, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition that builds its component by calling `initializer` with one injection per parameter.
    @inlinable
    public init<A: Injectable, B: Injectable, C: Injectable, D: Injectable, E: Injectable, F: Injectable, G: Injectable, H: Injectable>(
        _ initializer: @escaping @Sendable (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value, H.Value) throws -> T,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C, _ d: @autoclosure () -> D, _ e: @autoclosure () -> E, _ f: @autoclosure () -> F, _ g: @autoclosure () -> G, _ h: @autoclosure () -> H,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = DefinitionIdentity(fileID: fileID, line: line, column: column)
        guard let sources = DefinitionEvaluation.constructing(site, { (a(), b(), c(), d(), e(), f(), g(), h()) }) else {
            self.init(reachingItselfAt: site, function: function)
            return
        }
        self.init(packed: initializer, sources.0, sources.1, sources.2, sources.3, sources.4, sources.5, sources.6, sources.7, fileID: fileID, function: function, line: line, column: column)
    }

    /// Calls a method of the component that takes no arguments, after its properties are injected.
    ///
    /// ```swift
    /// Definition(Knight.init).injectMethod(Knight.prepare)
    /// ```
    @inlinable
    public func injectMethod(_ method: @escaping @Sendable (T) -> () throws -> Void) -> Definition<T> {
        injectingMethod(method)
    }

    /// Calls a method of the component with injected arguments, after its properties are injected.
    /// Methods are called in the order they are declared.
    ///
    /// ```swift
    /// Definition(Knight.init).injectMethod(Knight.mount(_:), horse())
    /// ```
    @inlinable
    public func injectMethod<A: Injectable>(
        _ method: @escaping @Sendable (T) -> (A.Value) throws -> Void,
        _ a: @autoclosure () -> A
    ) -> Definition<T> {
        guard let sources = DefinitionEvaluation.constructing(identity, { a() }) else { return self }
        return injectingMethod(method, sources)
    }

    /// Calls a method of the component with one injection per parameter, after its properties are injected.
    @inlinable
    public func injectMethod<A: Injectable, B: Injectable>(
        _ method: @escaping @Sendable (T) -> (A.Value, B.Value) throws -> Void,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B
    ) -> Definition<T> {
        guard let sources = DefinitionEvaluation.constructing(identity, { (a(), b()) }) else { return self }
        return injectingMethod(method, sources.0, sources.1)
    }

    /// Calls a method of the component with one injection per parameter, after its properties are injected.
    @inlinable
    public func injectMethod<A: Injectable, B: Injectable, C: Injectable>(
        _ method: @escaping @Sendable (T) -> (A.Value, B.Value, C.Value) throws -> Void,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C
    ) -> Definition<T> {
        guard let sources = DefinitionEvaluation.constructing(identity, { (a(), b(), c()) }) else { return self }
        return injectingMethod(method, sources.0, sources.1, sources.2)
    }

    /// Calls a method of the component with one injection per parameter, after its properties are injected.
    @inlinable
    public func injectMethod<A: Injectable, B: Injectable, C: Injectable, D: Injectable>(
        _ method: @escaping @Sendable (T) -> (A.Value, B.Value, C.Value, D.Value) throws -> Void,
        _ a: @autoclosure () -> A, _ b: @autoclosure () -> B, _ c: @autoclosure () -> C, _ d: @autoclosure () -> D
    ) -> Definition<T> {
        guard let sources = DefinitionEvaluation.constructing(identity, { (a(), b(), c(), d()) }) else { return self }
        return injectingMethod(method, sources.0, sources.1, sources.2, sources.3)
    }
}
