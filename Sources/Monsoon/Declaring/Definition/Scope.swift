/// How long a built component lives and who shares it.
///
/// Every pool belongs to one ``BlockComponentFactory``: two factories never share instances, and
/// releasing a factory releases everything it pooled.
///
/// | scope | one instance per | built |
/// |---|---|---|
/// | ``objectGraph`` | top-level resolution | on first reference in that resolution |
/// | ``prototype`` | reference | at every reference |
/// | ``singleton`` | factory | at activation (eagerly) |
/// | ``lazySingleton`` | factory | on first resolution |
/// | ``weakSingleton`` | period in which something outside holds it | on first resolution after the last release |
public enum Scope: String, Sendable, Hashable, CaseIterable {
    /// One instance per top-level resolution: every reference made while building one graph gets the
    /// same instance, and the pool is emptied when the outermost resolution returns. The default.
    case objectGraph
    /// A new instance at every reference.
    case prototype
    /// One instance per factory, built when the factory is activated.
    case singleton
    /// One instance per factory, built the first time it is resolved.
    case lazySingleton
    /// Shared while anything outside the factory holds it; the factory holds it weakly, so once the last
    /// holder releases it the next resolution builds a new one. Only class instances can be pooled weakly.
    case weakSingleton

}

/// What a scope does: the one place that decides it. Pools, resolution, activation, start-up, patches and
/// validation ask these questions and never compare scopes themselves, so that a scope's behaviour is
/// read here whole (and a new scope is added here).
extension Scope {
    /// Whether instances outlive one resolution and live in a factory-wide pool (the entry's cell).
    var isShared: Bool {
        switch self {
        case .objectGraph, .prototype: false
        case .singleton, .lazySingleton, .weakSingleton: true
        }
    }

    /// Whether the factory-wide pool holds its instance weakly, which only a class instance can be.
    var holdsWeakly: Bool { self == .weakSingleton }

    /// Whether the factory builds the component unasked: at activation, or in `start()` when it awaits.
    /// An eager component cannot take runtime arguments: nobody would give them.
    var isEager: Bool { self == .singleton }

    /// Whether every reference within one top-level resolution shares one instance, dropped when that
    /// resolution returns.
    var isPooledPerResolution: Bool { self == .objectGraph }

    /// Whether every reference gets an instance of its own.
    var buildsPerReference: Bool { self == .prototype }

    /// Whether the pool keeps its instance for the factory's lifetime: what such a component injects is
    /// kept as long, whatever its own scope says.
    var keepsForFactoryLifetime: Bool { self == .singleton || self == .lazySingleton }
}
