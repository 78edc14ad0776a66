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
    public func inject<V, Source: Injectable<V>>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, _ source: @autoclosure () -> Source
    ) -> Definition<T> {
        guard let injection = DefinitionEvaluation.constructing(identity, { source().injection }) else { return self }
        return addingProperty(keyPath, target: injection.target) { instance, resolver in
            instance[keyPath: keyPath] = try injection.produce(resolver)
        }
    }

    /// Injects an optional property from a source of its wrapped type.
    public func inject<V, Source: Injectable<V>>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, _ source: @autoclosure () -> Source
    ) -> Definition<T> {
        guard let injection = DefinitionEvaluation.constructing(identity, { source().injection }) else { return self }
        return addingProperty(keyPath, target: injection.target) { instance, resolver in
            instance[keyPath: keyPath] = try injection.produce(resolver)
        }
    }

    /// Injects a fixed value into a property.
    ///
    /// ```swift
    /// Definition(Knight.init).inject(\.damselsRescued, 12)
    /// ```
    public func inject<V: Sendable>(_ keyPath: WritableKeyPath<T, V> & Sendable, _ value: V) -> Definition<T> {
        addingProperty(keyPath, target: .value) { instance, _ in instance[keyPath: keyPath] = value }
    }

    /// Calls a method of the component with injected arguments, after its properties are injected: the
    /// form for more than four arguments (up to four, the fixed-arity forms are chosen).
    ///
    /// ```swift
    /// Definition(Knight.init).injectMethod(Knight.mount(_:), horse())
    /// ```
    @_disfavoredOverload
    public func injectMethod<each Source: Injectable>(
        _ method: @escaping @Sendable (T) -> (repeat (each Source).Value) throws -> Void,
        _ arguments: repeat each Source
    ) -> Definition<T> {
        injectingMethod(method, repeat each arguments)
    }

    /// What every method-injection form comes to, with its arguments already evaluated.
    @usableFromInline
    func injectingMethod<each Source: Injectable>(
        _ method: @escaping @Sendable (T) -> (repeat (each Source).Value) throws -> Void,
        _ arguments: repeat each Source
    ) -> Definition<T> {
        let pack = InjectionPack(repeat each arguments)
        return addingMethod(targets: pack.targets) { instance, resolver in
            try pack.call(method(instance), resolver: resolver)
        }
    }

    /// Injects with a closure that receives the component and a resolver: the escape hatch for
    /// injections not expressible as key paths or methods, including mutating methods of value types.
    public func injectMethod(_ inject: @escaping @Sendable (inout T, Resolver) throws -> Void) -> Definition<T> {
        addingMethod(targets: [.opaque], apply: inject)
    }

    private func addingProperty(
        _ keyPath: AnyKeyPath & Sendable, target: Dependency.Target,
        apply: @escaping @Sendable (inout T, Resolver) throws -> Void
    ) -> Definition<T> {
        var copy = self
        copy.recipe.properties.append(PropertyInjection(keyPath: keyPath, target: target, apply: apply))
        return copy
    }

    private func addingMethod(
        targets: [Dependency.Target], apply: @escaping @Sendable (inout T, Resolver) throws -> Void
    ) -> Definition<T> {
        var copy = self
        copy.recipe.methods.append(MethodInjection(targets: targets, apply: apply))
        return copy
    }
}
