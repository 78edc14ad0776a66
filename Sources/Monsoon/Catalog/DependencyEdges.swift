/// What an injection builds, as edges tagged by how the injection names what it builds: the one walk of
/// a definition's dependencies. Cycle groups, async reach, the async step, `start()`'s order, the
/// dependency graph, validation and the checks of completion and activation all read a definition's
/// dependencies through `forEachEdge` and keep the tags they mean; each says why where it filters.
struct DependencyEdge {
    /// How an injection names what it builds.
    enum Kind: Equatable {
        /// A definition by reference (`quest()`): built when the component is.
        case reference
        /// A provider of a definition (`.provider(quest())`): nothing is built when it is injected; the
        /// component may call it while it is being built, or at any time after.
        case provider
        /// A parameterized definition with argument values (`knight(named: "Lancelot")`): its entry is made
        /// only when it is resolved with them, so it has none here.
        case parameterized
        /// The one definition declaring the type of a by-type injection (`.byType()`).
        case soleByType
        /// One of several definitions declaring the type of a by-type injection: resolving it fails as
        /// ambiguous.
        case ambiguousByType
        /// A by-type injection of a type no definition declares: an implicit component, or a failure.
        case unregisteredType
        /// One of the definitions an all-of-type injection (`.allOfType()`) collects.
        case allOfType
    }

    let kind: Kind
    /// The registered entry built, `nil` when there is none: a parameterized definition, a type no
    /// definition declares, or a reference no activated assembly lists.
    let entry: RegistryEntry?
    /// The reference, for `.reference`, `.provider` and `.parameterized`.
    let reference: DefinitionReference?
    /// The type, for the by-type kinds and `.allOfType`.
    let type: Any.Type?
    /// Whether the injection is an element of a collection (`.collection([…])`).
    let isCollected: Bool

    /// Whether building the component may build the edge's target on this resolution's stack, so that two
    /// shared components joined by such edges both ways can wait for each other: references, sole by-type
    /// and all-of-type injections, and providers, which an initializer may call. (An ambiguous or missing
    /// type fails before anything is built.)
    var mayBuildWithComponent: Bool {
        switch kind {
        case .reference, .provider, .soleByType, .allOfType: true
        case .parameterized, .ambiguousByType, .unregisteredType: false
        }
    }

    /// Whether building the component builds the edge's target first, so that the component awaits when
    /// the target does: everything injected, but not a provider's target, which is resolved by whoever
    /// calls the provider, awaiting or not as that call does. A by-type injection counts every candidate,
    /// erring on the side of awaiting.
    var isBuiltWithComponent: Bool {
        kind != .provider
    }
}

extension Dependency.Target {
    /// Calls `body` with each edge of this target, collections flattened. `lookup` finds a reference's
    /// registered entry (not called for a parameterized one), and `declaring` the entries declaring a
    /// type, which tell the by-type kinds apart (at activation, which checks names only, it finds none:
    /// a type's injection is then one `.unregisteredType` edge). Closures, not the catalog: passing the
    /// catalog's `entry(for:)` as a function, or the catalog as an optional, copied the whole catalog.
    func forEachEdge(
        declaring: (Any.Type) -> EntriesOfType?, lookup: (DefinitionReference) -> RegistryEntry?, _ body: (DependencyEdge) -> Void
    ) {
        forEachEdge(declaring: declaring, lookup: lookup, isCollected: false, body)
    }

    private func forEachEdge(
        declaring: (Any.Type) -> EntriesOfType?, lookup: (DefinitionReference) -> RegistryEntry?, isCollected: Bool,
        _ body: (DependencyEdge) -> Void
    ) {
        switch self {
        case .definition(let reference):
            if reference.parameterized != nil {
                body(DependencyEdge(kind: .parameterized, entry: nil, reference: reference, type: nil, isCollected: isCollected))
            } else {
                body(DependencyEdge(kind: .reference, entry: lookup(reference), reference: reference, type: nil, isCollected: isCollected))
            }
        case .provider(let reference), .synchronousProvider(let reference):
            let entry = reference.parameterized == nil ? lookup(reference) : nil
            body(DependencyEdge(kind: .provider, entry: entry, reference: reference, type: nil, isCollected: isCollected))
        case .type(let type):
            let candidates = declaring(type) ?? []
            if candidates.isEmpty {
                body(DependencyEdge(kind: .unregisteredType, entry: nil, reference: nil, type: type, isCollected: isCollected))
            } else {
                let kind: DependencyEdge.Kind = candidates.count == 1 ? .soleByType : .ambiguousByType
                for candidate in candidates {
                    body(DependencyEdge(kind: kind, entry: candidate, reference: nil, type: type, isCollected: isCollected))
                }
            }
        case .allOfType(let type):
            for candidate in declaring(type) ?? [] {
                body(DependencyEdge(kind: .allOfType, entry: candidate, reference: nil, type: type, isCollected: isCollected))
            }
        case .collection(let targets):
            for element in targets { element.forEachEdge(declaring: declaring, lookup: lookup, isCollected: true, body) }
        case .value, .config, .factory, .opaque:
            break
        }
    }

    /// Calls `body` with each definition this target names by reference (providers and parameterized
    /// definitions included), collections flattened: what activation and completion check is registered.
    func forEachReference(_ body: (DefinitionReference) -> Void) {
        forEachEdge(declaring: { _ in nil }, lookup: { _ in nil }) { edge in
            if let reference = edge.reference { body(reference) }
        }
    }
}
