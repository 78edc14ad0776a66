/// Everything a definition says about building one component, kept typed as `T` so that building it
/// needs no casts.
struct Recipe<T>: Sendable {
    var initializer: (any InitializerRecipe<T>)?
    var properties: [PropertyInjection<T>] = []
    var methods: [MethodInjection<T>] = []
    var beforeInjections: [@Sendable (T) -> Void] = []
    var afterInjections: [@Sendable (T) -> Void] = []
    var scope: Scope?
    var parent: DefinitionReference?
    var isAbstract = false
}

/// How the component itself is made; its arguments are data so activation can read them.
protocol InitializerRecipe<Component>: Sendable {
    associatedtype Component
    var dependencies: [Dependency.Target] { get }
    func make(_ resolver: Resolver) throws -> Component
}

/// Injections for the parameters of one function, as a parameter pack: the arguments of an initializer
/// or of an injected method.
struct InjectionPack<each Argument>: Sendable {
    let injections: (repeat Injection<each Argument>)

    init(_ sources: repeat any Injectable<each Argument>) {
        injections = (repeat (each sources).injection)
    }

    var targets: [Dependency.Target] {
        var targets: [Dependency.Target] = []
        for injection in repeat each injections { targets.append(injection.target) }
        return targets
    }

    /// Resolves every argument, in order, and calls `function` with them.
    func call<Result>(_ function: (repeat each Argument) throws -> Result, resolver: Resolver) throws -> Result {
        try function(repeat try (each injections).produce(resolver))
    }
}

/// An initializer whose arguments are injections.
struct PackInitializer<Component, each Argument>: InitializerRecipe {
    let function: @Sendable (repeat each Argument) throws -> Component
    let arguments: InjectionPack<repeat each Argument>

    var dependencies: [Dependency.Target] { arguments.targets }

    func make(_ resolver: Resolver) throws -> Component {
        try arguments.call(function, resolver: resolver)
    }
}

/// An initializer written as a closure: the escape hatch whose dependencies are invisible until it runs.
struct ClosureInitializer<Component>: InitializerRecipe {
    let closure: @Sendable (Resolver) throws -> Component
    var dependencies: [Dependency.Target] { [.opaque] }
    func make(_ resolver: Resolver) throws -> Component { try closure(resolver) }
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

