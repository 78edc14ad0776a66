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
@usableFromInline
enum AsyncReach: Sendable {
    @usableFromInline
    struct Flags: Sendable {
        /// It, or something it injects, may have an async initializer.
        @usableFromInline var mayAwait = false
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
            if !includingBuilt, current.cell?.publishedValue != nil { continue }
            if needs(current) { return path }
            var successors: [RegistryEntry] = []
            for target in targets(of: current) {
                target.forEachEdge(catalog: factory.catalog, lookup: factory.catalog.entry(for:)) { edge in
                    if edge.isBuiltWithComponent, let reached = edge.entry, mayNeed(reached) { successors.append(reached) }
                }
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
            for target in targets(of: entry) {
                target.forEachEdge(catalog: factory.catalog, lookup: factory.catalog.entry(for:)) { edge in
                    if edge.isBuiltWithComponent, let reached = edge.entry { builtBy[ObjectIdentifier(reached), default: []].append(entry) }
                }
            }
        }
        while let next = queue.popLast() {
            for builder in builtBy[ObjectIdentifier(next)] ?? [] where found.insert(ObjectIdentifier(builder)).inserted { queue.append(builder) }
        }
        return found
    }

    /// Everything an entry injects, its parent chain's injections included.
    static func targets(of entry: RegistryEntry) -> [Dependency.Target] {
        var targets = entry.definition.dependencies.map(\.target)
        if let inherited = entry.inherited { targets += inherited.initializerTargets + inherited.injectionTargets }
        return targets
    }
}
