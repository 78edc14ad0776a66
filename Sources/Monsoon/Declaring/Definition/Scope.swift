/// How long a built component lives and who shares it: one of the five built-in scopes, or a scope of
/// your own.
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
/// | `Scope("name")` | factory, until ``BlockComponentFactory/reset(_:)`` | on first resolution after the last reset |
///
/// A scope of your own is a factory-wide pool you can empty: Swinject's custom `ObjectScope` with
/// `resetObjectScope(_:)`. Declare it once, as a static constant (`nonisolated` in a module whose default
/// isolation is the main actor), and use it like a built-in one:
///
/// ```swift
/// extension Scope {
///     static let catalogCache = Scope("catalogCache")
/// }
/// func catalog() -> Definition<Catalog> { define(.catalogCache) { Definition(Catalog.init) } }
///
/// try factory.reset(.catalogCache)   // the next resolution builds a new catalog
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    /// Who shares one instance.
    enum Sharing: Sendable {
        /// Nobody: every reference gets an instance of its own (``Scope/prototype``).
        case reference
        /// Every reference made while building one top-level resolution (``Scope/objectGraph``).
        case resolution
        /// Every resolution of the factory, from its pool.
        case factory
    }

    /// How a factory-wide pool holds its instance.
    public enum Holding: Sendable {
        /// For as long as the factory (or, for a scope of your own, until it is reset).
        case strongly
        /// While anything outside the factory holds it; only class instances can be held so.
        case weakly
    }

    /// The scope's number: its name's place in `ScopeNames`, the five built-in scopes first.
    let number: UInt16
    /// Who shares one instance.
    let sharing: Sharing
    /// How a factory-wide pool holds its instance (``Holding/strongly`` for the scopes that pool none).
    let holding: Holding
    /// Whether the factory builds its components at activation, unasked.
    let isEager: Bool

    /// A factory-wide scope of your own: its components are shared by every resolution of a factory
    /// until ``BlockComponentFactory/reset(_:)`` releases them.
    ///
    /// Two scopes are the same when their names, holding and eagerness are, so give a scope a name no
    /// other module uses (prefix it with yours), and declare it once, as a static constant. A scope named
    /// like a built-in one is still your own.
    ///
    /// - Parameters:
    ///   - name: what messages, the activation report and the graph call the scope.
    ///   - holding: ``Holding/weakly`` to share an instance only while something outside holds it, as
    ///     ``weakSingleton`` does.
    ///   - eager: build the scope's components at activation, as ``singleton`` does (after a reset,
    ///     they are built again on first resolution).
    public init(_ name: String, holding: Holding = .strongly, eager: Bool = false) {
        self.init(number: ScopeNames.number(of: name), sharing: .factory, holding: holding, eager: eager)
    }

    init(number: UInt16, sharing: Sharing, holding: Holding = .strongly, eager: Bool = false) {
        self.number = number
        self.sharing = sharing
        self.holding = holding
        self.isEager = eager
    }

    /// One instance per top-level resolution: every reference made while building one graph gets the
    /// same instance, and the pool is emptied when the outermost resolution returns. The default.
    public static var objectGraph: Scope { Scope(number: 0, sharing: .resolution) }
    /// A new instance at every reference.
    public static var prototype: Scope { Scope(number: 1, sharing: .reference) }
    /// One instance per factory, built when the factory is activated.
    public static var singleton: Scope { Scope(number: 2, sharing: .factory, eager: true) }
    /// One instance per factory, built the first time it is resolved.
    public static var lazySingleton: Scope { Scope(number: 3, sharing: .factory) }
    /// Shared while anything outside the factory holds it; the factory holds it weakly, so once the last
    /// holder releases it the next resolution builds a new one. Only class instances can be pooled weakly.
    public static var weakSingleton: Scope { Scope(number: 4, sharing: .factory, holding: .weakly) }

    /// The scope's name: `lazySingleton`, or the name a scope of your own was given.
    public var name: String { ScopeNames.name(of: number) }

    public var description: String { name }
}

/// What a scope does: the one place that decides it. Pools, resolution, activation, start-up, patches and
/// validation ask these questions and never compare scopes themselves, so that a scope's behaviour is
/// read here whole (and a new scope is added here).
extension Scope {
    /// Whether instances outlive one resolution and live in a factory-wide pool (the entry's cell).
    var isShared: Bool { sharing == .factory }

    /// Whether the factory-wide pool holds its instance weakly, which only a class instance can be.
    var holdsWeakly: Bool { isShared && holding == .weakly }

    /// Whether every reference within one top-level resolution shares one instance, dropped when that
    /// resolution returns.
    var isPooledPerResolution: Bool { sharing == .resolution }

    /// Whether every reference gets an instance of its own.
    var buildsPerReference: Bool { sharing == .reference }

    /// Whether ``BlockComponentFactory/reset(_:)`` may empty the scope's pools: a scope of one's own. The
    /// built-in ones keep what they pool for the factory's lifetime, which is what they promise.
    var isResettable: Bool { isShared && number >= ScopeNames.builtInCount }

    /// Whether the pool keeps its instance for the factory's lifetime: what such a component injects is
    /// kept as long, whatever its own scope says.
    var keepsForFactoryLifetime: Bool { isShared && holding == .strongly && !isResettable }

    /// Whether a pooled instance is published for lock-free reads (the warm path): only one that is never
    /// released while the factory lives. A weakly held or resettable one is read under the lock.
    var publishesLockFree: Bool { keepsForFactoryLifetime }
}

extension Scope {
    /// Whether it is a scope of one's own, not a built-in one.
    var isOwn: Bool { number >= ScopeNames.builtInCount }

    /// How the scope is declared in code, for messages: `.weakSingleton`, `Scope("cache", holding: .weakly)`.
    var declaration: String {
        guard isOwn else { return ".\(name)" }
        var arguments = ["\"\(name)\""]
        if holding == .weakly { arguments.append("holding: .weakly") }
        if isEager { arguments.append("eager: true") }
        return "Scope(\(arguments.joined(separator: ", ")))"
    }

    /// The fix for a definition this scope cannot hold: `what` is the scope's own declaration to drop
    /// (`holding: .weakly`, `eager: true`) for a scope of one's own, whose resets the definition keeps;
    /// the built-in `replacement` otherwise.
    func fix(dropping what: String, orUse replacement: String) -> String {
        guard isOwn else { return "Use \(replacement)" }
        let kept = Scope(name, holding: what == "holding: .weakly" ? .strongly : holding, eager: what == "eager: true" ? false : isEager)
        return "Declare the scope without \(what), static let \(name) = \(kept.declaration), which still resets"
    }
}

/// The names of the scopes, numbered: a scope is a few bytes, copied without reference counting, and
/// its name is read only for messages.
enum ScopeNames {
    static let builtInCount: UInt16 = 5
    /// The built-in scopes' names, then every name a scope of one's own was given; the numbers of the
    /// latter. A scope of one's own named like a built-in one is still one's own: its own number.
    /// `Locked`, not `Mutex`: ThreadSanitizer does not see a Mutex's ordering on Linux.
    private static let table = Locked<(names: [String], numbers: [String: UInt16])>((
        ["objectGraph", "prototype", "singleton", "lazySingleton", "weakSingleton"], [:]))

    /// The number of a scope of one's own named `name`, given on first sight: the name is the scope's
    /// identity, so every module that declares `Scope("cache")` declares the same scope.
    static func number(of name: String) -> UInt16 {
        table.withLock { table in
            if let number = table.numbers[name] { return number }
            // 65,536 names: past them, scopes share the last number (and so their pools' resets).
            let number = UInt16(clamping: table.names.count)
            if number < UInt16.max {
                table.names.append(name)
                table.numbers[name] = number
            }
            return number
        }
    }

    static func name(of number: UInt16) -> String {
        table.withLock { Int(number) < $0.names.count ? $0.names[Int(number)] : "scope \(number)" }
    }
}
