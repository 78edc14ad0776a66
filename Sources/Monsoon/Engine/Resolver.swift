/// Resolves components from inside a definition's closures, as part of the resolution that is building
/// the definition: objectGraph components are shared with it and cycles are detected across it.
///
/// ```swift
/// Definition { resolver in
///     Knight(quest: try resolver.resolve(QuestAssembly.quest), horse: try resolver.resolve(Horse.self))
/// }
/// ```
///
/// A resolver is valid only during the call that receives it, on that thread; using it later throws
/// `ErrorKind.resolverOutsideResolution`. A component that keeps one by mistake does not keep
/// the factory alive. To build components later, inject `.factory()` or `.provider(_:)`.
public struct Resolver {
    /// `nil` for the resolver handed to an initializer built outside any resolution (one that takes only
    /// fixed values): it refuses every request, as a resolver does after its resolution.
    let resolution: ResolutionContext?
    /// The resolution this resolver belongs to: contexts are reused, one resolution after another.
    private let generation: UInt64

    init(context: ResolutionContext) {
        self.resolution = context
        self.generation = context.run.generation
    }

    /// A resolver that belongs to no resolution.
    init() {
        self.resolution = nil
        self.generation = 0
    }

    /// Hands `added` rewrites to the next compiled call made with this resolver; rewrites already staged
    /// (by a later post-processor, wrapped around this one) win.
    func stage(_ added: ArgumentRewrites) {
        guard let resolution else { return }
        resolution.stage(resolution.takeStagedRewrites().map { $0.merging(under: added) } ?? added)
    }

    /// The rewrites staged for the call about to produce its arguments, if any; taken, so that the
    /// calls its arguments make never see them.
    @usableFromInline func takeRewrites() -> ArgumentRewrites? {
        guard let resolution, resolution.hot.pointee.detours.hasStagedRewrites else { return nil }
        return resolution.takeStagedRewrites()
    }

    /// The resolution while the one this resolver was made in runs; `nil` once it finished.
    private var liveContext: ResolutionContext? {
        guard let resolution, !resolution.run.isFinished, resolution.run.generation == generation else { return nil }
        return resolution
    }

    /// The resolution, if this resolver may still be used.
    func activeContext(_ subject: @autoclosure () -> String) throws(ResolutionError) -> ResolutionContext {
        guard let context = liveContext, CurrentResolution.isCurrentThread(context.run.thread) else {
            throw .resolverOutsideResolution(subject: subject())
        }
        return context
    }

    /// The component of an assembly method, like `QuestAssembly.knight`, or of a parameterized one with
    /// its runtime arguments: `resolve(QuestAssembly.knight(named:), "Lancelot")`.
    public func resolve<A: Assembly, T, each Argument>(
        _ method: (A) -> (repeat each Argument) -> Definition<T>, _ arguments: repeat each Argument
    ) throws(ResolutionError) -> T {
        let context = try activeContext(typeName(A.self))
        return try context.resolve(context.factory.definition(method, repeat each arguments, path: context.path))
    }

    /// The component of the unique definition that declares `type`.
    public func resolve<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        try activeContext(typeName(type)).resolve(type)
    }

    /// The components of every definition that declares `type`, in activation order: what `.all(T.self)`
    /// injects (`try resolver(.all(T.self))` from a closure).
    func allComponents<T>(of type: T.Type) throws(ResolutionError) -> [T] {
        try activeContext(typeName(type)).allComponents(of: type)
    }

    /// The value an injection supplies: `try resolver(quest())`, `try resolver(.byType(Horse.self))`.
    public func callAsFunction<T>(_ source: some Injectable<T>) throws -> T {
        _ = try activeContext("an injection")
        return try source.injection.produce(self)
    }

    /// A weak handle on the factory this resolution belongs to, for components that build more
    /// components later.
    public var factory: FactoryReference { FactoryReference(liveContext?.factory) }
}

@available(*, unavailable, message: "A Resolver belongs to one resolution on one thread.")
extension Resolver: Sendable {}

extension Resolver {
    /// The component a reference names, as `T`: how every injection by reference gets its component.
    @inlinable
    func component<T>(for reference: DefinitionReference, as type: T.Type) throws(ResolutionError) -> T {
        let (component, entry) = try componentAndEntry(for: reference, declaredType: T.self)
        return try typed(component, of: entry, as: T.self, path: currentPath)
    }

    /// Where the resolution's objectGraph components go when it finishes, for a ``Lazy`` it injects;
    /// `nil` outside a resolution.
    func graphSnapshot() -> GraphSnapshot? {
        liveContext?.graphSnapshot()
    }

    /// The keys being built, for messages; empty once the resolution is over.
    @usableFromInline var currentPath: [String] {
        liveContext?.path ?? []
    }

    /// Only the engine calls this, running a definition's injections on the resolution's own thread (user
    /// code reaches injections through `callAsFunction`, which checks the thread first), so it checks
    /// that the resolution is still running but not the thread: that check is a call per reference.
    @usableFromInline
    func componentAndEntry(for reference: DefinitionReference, declaredType: Any.Type) throws(ResolutionError) -> (Any, RegistryEntry) {
        guard let context = liveContext else { throw .resolverOutsideResolution(subject: reference.function) }
        let entry = try context.entry(for: reference, declaredType: declaredType)
        return (try context.instance(of: entry), entry)
    }
}

/// The replaced arguments of one call (an initializer or an injected method), by site index: how a
/// definition post-processor's ``RegisteredDefinition/replaceInjection(at:with:)`` reaches arguments
/// that the definition's compiled call produces itself.
@usableFromInline
final class ArgumentRewrites: Sendable {
    let producers: [Int: Replacement]

    struct Replacement: Sendable {
        let produce: @Sendable (Resolver) throws -> Any
        /// What the post-processor said it produces, for the message when the parameter takes another type.
        let producedType: Any.Type
        /// The site, as messages name it: `initializer argument 1`.
        let site: String
    }

    init(_ producers: [Int: Replacement]) {
        self.producers = producers
    }

    /// These rewrites, with `earlier` ones filling the sites these do not replace.
    func merging(under earlier: ArgumentRewrites) -> ArgumentRewrites {
        ArgumentRewrites(producers.merging(earlier.producers) { mine, _ in mine })
    }

    /// Calls `function` with each argument produced by its rewrite when it has one, by its own producer
    /// otherwise.
    @usableFromInline
    func call<Result, each Value>(
        _ function: (repeat each Value) throws -> Result, producers: repeat @escaping @Sendable (Resolver) throws -> each Value,
        resolver: Resolver, firstIndex: Int
    ) throws -> Result {
        var index = firstIndex
        func next<V>(_ producer: @Sendable (Resolver) throws -> V) throws -> V {
            defer { index += 1 }
            return try value(at: index, as: V.self, resolver: resolver) ?? producer(resolver)
        }
        return try function(repeat try next(each producers))
    }

    /// A factory-method definition's call: the factory (site 0) and then the method's arguments, each
    /// produced by its rewrite when rewrites were staged for this call.
    @usableFromInline
    static func callFactoryMethod<Factory, Result, each Source: Injectable>(
        factory: @Sendable (Resolver) throws -> Factory,
        _ method: @Sendable (Factory) -> (repeat (each Source).Value) throws -> Result,
        _ pack: InjectionPack<repeat each Source>, resolver: Resolver
    ) throws -> Result {
        guard let rewrites = resolver.takeRewrites() else {
            return try pack.call(method(try factory(resolver)), resolver: resolver, firstIndex: 1)
        }
        let made = try rewrites.value(at: 0, as: Factory.self, resolver: resolver) ?? factory(resolver)
        return try rewrites.call(method(made), producers: repeat each pack.producers, resolver: resolver, firstIndex: 1)
    }

    private func value<V>(at index: Int, as type: V.Type, resolver: Resolver) throws -> V? {
        guard let replacement = producers[index] else { return nil }
        let produced = try replacement.produce(resolver)
        guard let value = produced as? V else {
            throw DefinitionRewriteError.mismatch(site: replacement.site, replacement: replacement.producedType, parameter: V.self)
        }
        return value
    }
}
