extension Definition {
    /// Injects a property after the component is created, from another definition (by reference),
    /// `.value(_:)`, `.byType()` or `.resolved { … }`.
    ///
    /// ```swift
    /// Definition(Knight.init).inject(\.armory, armory())
    /// ```
    ///
    /// Properties are injected in the order they are declared, after `beforeInjections` hooks and
    /// before injected methods. For a class, pass a reference-writable key path (`\Knight.armory`).
    ///
    /// The key path may name a property isolated to the main actor (a view model's, or any type's in a
    /// module whose default isolation is the main actor): Swift forms it in a main-actor context, which is
    /// why the parameter is an autoclosure. Such a property is set where the component is built, which
    /// for a main-actor component is the main actor.
    @inlinable
    public func inject<V, Source: Injectable<V>>(
        _ keyPath: @autoclosure @MainActor () -> WritableKeyPath<T, V>, _ source: @autoclosure () -> Source
    ) -> Definition<T> {
        let path = FormedKeyPath(keyPath)
        guard let injection = DefinitionEvaluation.constructing(identity, { source().injection }) else { return self }
        return addingProperty(path.site, target: injection.target) { instance, resolver in
            instance[keyPath: path.keyPath] = try injection.produce(resolver)
        }
    }

    /// Injects an optional property from a source of its wrapped type.
    @inlinable
    public func inject<V, Source: Injectable<V>>(
        _ keyPath: @autoclosure @MainActor () -> WritableKeyPath<T, V?>, _ source: @autoclosure () -> Source
    ) -> Definition<T> {
        let path = FormedKeyPath(keyPath)
        guard let injection = DefinitionEvaluation.constructing(identity, { source().injection }) else { return self }
        return addingProperty(path.site, target: injection.target) { instance, resolver in
            instance[keyPath: path.keyPath] = try injection.produce(resolver)
        }
    }

    /// Injects a property from a source of another type whose values are the property's type at run
    /// time: a class for a property of its superclass or of a protocol it conforms to
    /// (`.inject(\.delegate, notifier())` with `var delegate: (any Delegate)?`).
    ///
    /// The compiler cannot check that relationship between two generic types, so the component is cast
    /// when it is injected; a component that is not of the property's type fails the build with
    /// `ErrorKind.typeMismatch` naming the property and both types. The edge is in
    /// ``BlockComponentFactory/graph(from:)`` and `validate()` like any other.
    @_disfavoredOverload
    public func inject<V, Source: Injectable>(
        _ keyPath: @autoclosure @MainActor () -> WritableKeyPath<T, V>, _ source: @autoclosure () -> Source
    ) -> Definition<T> {
        let path = FormedKeyPath(keyPath)
        guard let injection = DefinitionEvaluation.constructing(identity, { source().injection }) else { return self }
        return addingProperty(path.site, target: injection.target, cast: (Source.Value.self, V.self)) { instance, resolver in
            let supplied = try injection.produce(resolver)
            guard let value = supplied as? V else {
                throw ResolutionError.propertyTypeMismatch(
                    property: "\(path.site)", propertyType: V.self, supplied: type(of: supplied as Any), path: resolver.currentPath)
            }
            instance[keyPath: path.keyPath] = value
        }
    }

    /// A key path to a `let` or get-only property, which Monsoon cannot set.
    @available(*, unavailable, message: "this property is a `let` or has no setter, so it cannot be injected: make it a `var`, or pass the value to the initializer")
    @_disfavoredOverload
    public func inject<V, Source: Injectable>(_ keyPath: @autoclosure @MainActor () -> KeyPath<T, V>, _ source: @autoclosure () -> Source) -> Definition<T> {
        self
    }

    /// A key path to a `let` or get-only property with an injection of the property's type: the form an
    /// implicit member (`.config("key")`, `.value(…)`) is checked against, so that the compiler names the
    /// property rather than failing to infer the injection's type.
    @available(*, unavailable, message: "this property is a `let` or has no setter, so it cannot be injected: make it a `var`, or pass the value to the initializer")
    @_disfavoredOverload
    public func inject<V>(_ keyPath: @autoclosure @MainActor () -> KeyPath<T, V>, _ injection: Injection<V>) -> Definition<T> {
        self
    }

    /// A key path to a `let` or get-only property, which Monsoon cannot set.
    @available(*, unavailable, message: "this property is a `let` or has no setter, so it cannot be injected: make it a `var`, or pass the value to the initializer")
    @_disfavoredOverload
    public func inject<V>(_ keyPath: @autoclosure @MainActor () -> KeyPath<T, V>, _ value: V) -> Definition<T> {
        self
    }

    /// Injects a fixed value into a property.
    ///
    /// ```swift
    /// Definition(Knight.init).inject(\.damselsRescued, 12)
    /// ```
    @inlinable
    public func inject<V: Sendable>(_ keyPath: @autoclosure @MainActor () -> WritableKeyPath<T, V>, _ value: V) -> Definition<T> {
        let path = FormedKeyPath(keyPath)
        return addingProperty(path.site, target: .value) { instance, _ in instance[keyPath: path.keyPath] = value }
    }

    /// Calls a method of the component with any number of injected arguments, after its properties are
    /// injected: the form for methods of more than four parameters. (Up to four, leave out the label:
    /// those forms make the compiler name a mistyped argument, which a parameter pack prevents.)
    ///
    /// ```swift
    /// Definition(Knight.init).injectMethod(Knight.equip(_:_:_:_:_:), arguments: sword(), shield(), helm(), lance(), spurs())
    /// ```
    @inlinable
    public func injectMethod<each Source: Injectable>(
        _ method: @escaping @Sendable (T) -> (repeat (each Source).Value) throws -> Void,
        arguments: repeat each Source
    ) -> Definition<T> {
        injectingMethod(method, repeat each arguments)
    }

    /// What every method-injection form comes to, with its arguments already evaluated.
    @inlinable
    func injectingMethod<each Source: Injectable>(
        _ method: @escaping @Sendable (T) -> (repeat (each Source).Value) throws -> Void,
        _ arguments: repeat each Source
    ) -> Definition<T> {
        let pack = InjectionPack(repeat each arguments)
        return addingMethod(targets: pack.targets, parameterTypes: pack.parameterTypes) { instance, resolver in
            try pack.call(method(instance), resolver: resolver)
        }
    }

    /// Injects with a closure that receives the component and a resolver: the escape hatch for
    /// injections not expressible as key paths or methods, including mutating methods of value types.
    @inlinable
    public func injectMethod(_ inject: @escaping @Sendable (inout T, Resolver) throws -> Void) -> Definition<T> {
        addingMethod(targets: [.opaque], takesRewrites: false, apply: inject)
    }

    /// Adds a property injection: what every `inject` comes to.
    ///
    /// - Parameter cast: for an injection cast at build time, the supplied and the property's types.
    @inlinable
    func addingProperty(
        _ keyPath: AnyKeyPath & Sendable, target: Dependency.Target, cast: (from: Any.Type, to: Any.Type)? = nil,
        apply: @escaping @Sendable (inout T, Resolver) throws -> Void
    ) -> Definition<T> {
        changingRecipe { $0.properties.append(PropertyInjection(keyPath: keyPath, target: target, cast: cast, apply: apply)) }
    }

    /// Adds a method injection: what every `injectMethod` comes to.
    @inlinable
    func addingMethod(
        targets: [Dependency.Target], parameterTypes: [Any.Type] = [], takesRewrites: Bool = true,
        apply: @escaping @Sendable (inout T, Resolver) throws -> Void
    ) -> Definition<T> {
        changingRecipe { $0.methods.append(MethodInjection(targets: targets, parameterTypes: parameterTypes, takesRewrites: takesRewrites, apply: apply)) }
    }
}

/// A key path that `inject` received in a main-actor autoclosure, formed and kept.
///
/// Why an autoclosure isolated to the main actor: Swift forms a key path to a main-actor property only in
/// a main-actor context, and assemblies are nonisolated (they are read on any thread). Inside the
/// autoclosure every key path can be formed, whatever its root's isolation.
///
/// Why calling it from any thread is sound: forming a key path reads no property, only the root type's
/// layout; the autoclosure holds nothing but the key-path literal (a subscript's index expressions are
/// the one exception, and evaluated values are what a nonisolated assembly can see anyway). Swift's
/// synchronous main-actor functions have the calling convention of nonisolated ones, so the closure is
/// called as one.
///
/// Why it may be `Sendable`: a key path is immutable. One to an isolated property is not `Sendable` in
/// Swift's eyes because *applying* it touches isolated state; Monsoon applies it only where the
/// component is built, which for a main-actor component is the main actor.
@usableFromInline
struct FormedKeyPath<Path: AnyKeyPath>: @unchecked Sendable {
    @usableFromInline let keyPath: Path

    @inlinable
    init(_ form: @MainActor () -> Path) {
        keyPath = callIgnoringIsolation(form)
    }

    /// The key path as injection sites and messages name it.
    @inlinable
    var site: AnyKeyPath & Sendable {
        markedSendable(keyPath)
    }
}
