import Synchronization

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

/// Which components may await, or need the main actor, while they are built: what routes an
/// asynchronous resolution (a component that needs neither is built in one synchronous step) and what a
/// synchronous resolution checks before it starts (so that it names the path to an async initializer
/// instead of failing halfway).
///
/// Found from the graph as data when the factory completes an entry (see `Preparation`): a component *may* await when its own initializer is
/// async, or when it injects (by reference, type or collection, its parent's injections included) one
/// that may. A parameterized definition's content is known only with its arguments, so a reference to
/// one counts as possibly awaiting and possibly main-actor; that only ever sends an asynchronous
/// resolution down its general path, never fails a synchronous one.
enum AsyncReach: Sendable {
    struct Flags: Sendable {
        /// It, or something it injects, may have an async initializer.
        var mayAwait = false
        /// It, or something it injects, may be built on the main actor.
        var mayNeedMainActor = false

        /// Adds what building the target of `edge` (one the component builds) may need: everything, for
        /// a parameterized definition, whose content is known only with its arguments; the flags of a
        /// registered entry once `prepare` completed it.
        mutating func add(_ edge: DependencyEdge, prepare: (RegistryEntry) -> Bool) {
            if edge.kind == .parameterized {
                mayAwait = true
                mayNeedMainActor = true
            } else if let reached = edge.entry, prepare(reached) {
                mayAwait = mayAwait || reached.reach.mayAwait
                mayNeedMainActor = mayNeedMainActor || reached.reach.mayNeedMainActor
            }
        }
    }

    /// The keys from `entry` to an async initializer whose component is not built yet, following only
    /// what the graph shows; `nil` when there is none (nothing to await, or only through a parameterized
    /// definition or a closure, which the build itself then reports).
    /// - Parameters:
    ///   - includingBuilt: follow components already built too (for validation, which describes the
    ///     graph rather than what a resolution would do now).
    ///   - requirement: `.mainActor` for the path to a component built on the main actor instead.
    static func path(
        toAsyncFrom entry: RegistryEntry, in factory: BlockComponentFactory, includingBuilt: Bool = false,
        requirement: UnmetBuildRequirement.Requirement = .await
    ) -> [String]? {
        let needs: (RegistryEntry) -> Bool = requirement == .await ? { $0.isAsync } : { $0.isMainActor }
        let mayNeed: (RegistryEntry) -> Bool = requirement == .await ? { $0.reach.mayAwait } : { $0.reach.mayNeedMainActor }
        var visited: Set<ObjectIdentifier> = []
        var stack: [(entry: RegistryEntry, path: [String])] = [(entry, [entry.key])]
        while let (current, path) = stack.popLast() {
            guard visited.insert(ObjectIdentifier(current)).inserted else { continue }
            if !includingBuilt, factory.mayHoldValue(current) { continue }
            if needs(current) { return path }
            var successors: [RegistryEntry] = []
            forEachEdge(of: current, in: factory.catalog) { edge in
                if edge.isBuiltWithComponent, let reached = edge.entry, mayNeed(reached) { successors.append(reached) }
            }
            for next in successors.reversed() { stack.append((next, path + [next.key])) }
        }
        return nil
    }

    /// The registered entries from which `path(toAsyncFrom:in:includingBuilt: true, requirement:)` finds a
    /// path: those that need `requirement` themselves and every entry that builds one of them, found
    /// backwards from the first in one pass over the graph rather than a search per entry.
    static func entriesNeeding(
        _ requirement: UnmetBuildRequirement.Requirement, in factory: BlockComponentFactory
    ) -> Set<ObjectIdentifier> {
        let needs: (RegistryEntry) -> Bool = requirement == .await ? { $0.isAsync } : { $0.isMainActor }
        var builtBy: [ObjectIdentifier: [RegistryEntry]] = [:]
        var found: Set<ObjectIdentifier> = []
        var queue: [RegistryEntry] = []
        for entry in factory.catalog.listedEntries + factory.catalog.reachedEntries where entry.isPrepared {
            if needs(entry), found.insert(ObjectIdentifier(entry)).inserted { queue.append(entry) }
            forEachEdge(of: entry, in: factory.catalog) { edge in
                if edge.isBuiltWithComponent, let reached = edge.entry { builtBy[ObjectIdentifier(reached), default: []].append(entry) }
            }
        }
        while let next = queue.popLast() {
            for builder in builtBy[ObjectIdentifier(next)] ?? [] where found.insert(ObjectIdentifier(builder)).inserted { queue.append(builder) }
        }
        return found
    }

    /// Calls `body` with each edge of everything an entry injects, its parent chain's injections
    /// included, as the catalog finds them (see `forEachTarget`).
    static func forEachEdge(of entry: RegistryEntry, in catalog: borrowing Catalog, _ body: (DependencyEdge) -> Void) {
        forEachTarget(of: entry) { target in
            target.forEachEdge(declaring: { catalog.entries(declaring: $0) }, lookup: { catalog.entry(for: $0) }, body)
        }
    }

    /// Calls `body` with everything an entry injects, its parent chain's injections included: its own
    /// injections in build order, then the initializer and the injections it inherits. No list is made.
    static func forEachTarget(of entry: RegistryEntry, _ body: (Dependency.Target) -> Void) {
        for dependency in entry.definition.dependencies { body(dependency.target) }
        guard let inherited = entry.inherited else { return }
        for target in inherited.initializerTargets { body(target) }
        for target in inherited.injectionTargets { body(target) }
    }
}

/// The shared components that may be built as part of one cycle, grouped so that one resolution at a
/// time builds any of them.
///
/// Two threads that start a cycle of shared components from opposite ends (one resolves `A`, the other
/// `B`, and `A` and `B` inject each other) would each claim one member and wait for the other's: a wait
/// that never ends. Claiming by group makes that impossible: the first resolution to claim a member of
/// a group owns the group until its claimed members settle, and the other waits for it and then finds
/// the whole cycle built. Members that cannot wait for each other (no cycle joins them) stay
/// independent, so unrelated components still build in parallel.
///
/// Groups are the strongly connected parts of the graph of registered definitions, read as data when
/// the factory completes its entries (see `Preparation`), which stores each entry's group in it: the
/// edges `DependencyEdge.mayBuildWithComponent` keeps (references, sole by-type and all-of-type
/// injections, providers, which an initializer may call; collections flattened) and parents. A cycle
/// that only closures (`.resolved { … }`, `Definition { resolver in … }`) or parameterized definitions
/// close is invisible here; two threads entering such a cycle from opposite ends still get
/// `ErrorKind.concurrentCycle` rather than a deadlock.
enum CycleGroups {
    private static let groups = Atomic<UInt32>(0)

    /// A new group number, from 1 to `UInt32.max` (an entry stores it in 32 bits, `0` for none). Groups
    /// only need to differ from the groups whose components are being built at the same time, so the
    /// numbers may wrap after four billion.
    static func newGroup() -> UInt32 {
        let group = groups.wrappingAdd(1, ordering: .relaxed).newValue
        return group == 0 ? groups.wrappingAdd(1, ordering: .relaxed).newValue : group
    }

    /// Tarjan's algorithm without recursion, so that a graph thousands of definitions deep cannot
    /// overflow the stack: the strongly connected components, each a list of node indexes.
    static func stronglyConnectedComponents(successors: [[Int]]) -> [[Int]] {
        let count = successors.count
        var order = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextOrder = 0
        for root in 0..<count where order[root] < 0 {
            // Each work item is a node and how many of its successors were visited.
            var work: [(node: Int, next: Int)] = [(root, 0)]
            order[root] = nextOrder; lowLink[root] = nextOrder; nextOrder += 1
            stack.append(root); onStack[root] = true
            while let (node, next) = work.last {
                if next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = successors[node][next]
                    if order[successor] < 0 {
                        order[successor] = nextOrder; lowLink[successor] = nextOrder; nextOrder += 1
                        stack.append(successor); onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], order[successor])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == order[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                components.append(component)
            }
        }
        return components
    }
}
