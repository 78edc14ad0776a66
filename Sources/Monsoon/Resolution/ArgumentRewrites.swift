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
