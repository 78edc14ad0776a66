/// Everything a definition says about building one component, kept typed as `T` so that building it
/// needs no casts.
@usableFromInline
struct Recipe<T>: Sendable {
    var initializer: Initializer<T>?
    var properties: [PropertyInjection<T>] = []
    var methods: [MethodInjection<T>] = []
    var beforeInjections: [@Sendable (T) -> Void] = []
    var afterInjections: [@Sendable (T) -> Void] = []
    var scope: Scope?
    var parent: DefinitionReference?
    var isAbstract = false

    @usableFromInline
    init(initializer: Initializer<T>? = nil) {
        self.initializer = initializer
    }
}

/// How the component itself is made: a closure built where the definition's types are known (so it
/// runs specialized), and its arguments described as data so that activation can read them.
@usableFromInline
struct Initializer<Component>: Sendable {
    let dependencies: [Dependency.Target]
    let make: @Sendable (Resolver) throws -> Component

    @usableFromInline
    init(dependencies: [Dependency.Target], make: @escaping @Sendable (Resolver) throws -> Component) {
        self.dependencies = dependencies
        self.make = make
    }
}

/// Injections for the parameters of one function, as a parameter pack: the arguments of an initializer
/// or of an injected method.
@usableFromInline
struct InjectionPack<each Source: Injectable>: Sendable {
    @usableFromInline let injections: (repeat Injection<(each Source).Value>)

    @inlinable
    init(_ sources: repeat each Source) {
        injections = (repeat (each sources).injection)
    }

    @inlinable
    var targets: [Dependency.Target] {
        var targets: [Dependency.Target] = []
        for injection in repeat each injections { targets.append(injection.target) }
        return targets
    }

    /// Resolves every argument, in order, and calls `function` with them.
    @inlinable
    func call<Result>(_ function: (repeat (each Source).Value) throws -> Result, resolver: Resolver) throws -> Result {
        try function(repeat try (each injections).produce(resolver))
    }
}

/// One injected property: where, from what, and how to set it.
struct PropertyInjection<T>: Sendable {
    let keyPath: AnyKeyPath & Sendable
    let target: Dependency.Target
    let apply: @Sendable (inout T, Resolver) throws -> Void
}

/// One injected method call, with its arguments described as data.
struct MethodInjection<T>: Sendable {
    let targets: [Dependency.Target]
    let apply: @Sendable (inout T, Resolver) throws -> Void
}

