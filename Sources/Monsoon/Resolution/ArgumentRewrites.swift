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
        let plain = resolver.withoutRewrites
        var index = firstIndex
        func next<V>(_ producer: @Sendable (Resolver) throws -> V) throws -> V {
            defer { index += 1 }
            return try value(at: index, as: V.self, resolver: plain) ?? producer(plain)
        }
        return try function(repeat try next(each producers))
    }

    /// The argument at `index` as produced by `producer`, or by its rewrite when the resolver carries one.
    @usableFromInline
    static func produce<V>(_ producer: @Sendable (Resolver) throws -> V, at index: Int, resolver: Resolver) throws -> V {
        guard let rewrites = resolver.rewrites else { return try producer(resolver) }
        let plain = resolver.withoutRewrites
        return try rewrites.value(at: index, as: V.self, resolver: plain) ?? producer(plain)
    }

    private func value<V>(at index: Int, as type: V.Type, resolver: Resolver) throws -> V? {
        guard let replacement = producers[index] else { return nil }
        let produced = try replacement.produce(resolver)
        guard let value = produced as? V else {
            throw InjectionRewriteError(
                site: "argument \(index)",
                problem: "it was replaced by an injection of \(typeName(replacement.producedType)), and the parameter takes \(typeName(V.self))")
        }
        return value
    }
}
