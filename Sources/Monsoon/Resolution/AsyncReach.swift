/// Which components may await, or need the main actor, while they are built: what routes an
/// asynchronous resolution (a component that needs neither is built in one synchronous step) and what a
/// synchronous resolution checks before it starts (so that it names the path to an async initializer
/// instead of failing halfway).
///
/// Found once at activation from the graph as data, and only when some definition is `async` or
/// main-actor, or refers to a parameterized one: a component *may* await when its own initializer is
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
    }

    /// Sets the flags of every entry of a registry being activated.
    static func mark(_ registry: Registry, lookup: (DefinitionReference) -> RegistryEntry?) {
        let entries = registry.entries
        // Most apps have nothing to mark: find out with a scan that allocates nothing.
        guard entries.contains(where: { $0.isAsync || $0.isMainActor || reachesParameterized($0) }) else { return }
        var index: [ObjectIdentifier: Int] = [:]
        var predecessors: [[Int]] = Array(repeating: [], count: entries.count)
        var successors: [[Int]] = Array(repeating: [], count: entries.count)
        var awaitSeeds: [Int] = []
        var mainActorSeeds: [Int] = []
        for (position, entry) in entries.enumerated() { index[ObjectIdentifier(entry)] = position }
        for (position, entry) in entries.enumerated() {
            var reachesParameterized = false
            for target in targets(of: entry) {
                forEachEntry(of: target, registry: registry, lookup: lookup, parameterized: { reachesParameterized = true }) { reached in
                    guard let successor = index[ObjectIdentifier(reached)] else { return }
                    successors[position].append(successor)
                    predecessors[successor].append(position)
                }
            }
            if entry.isAsync || reachesParameterized { awaitSeeds.append(position) }
            if entry.isMainActor || reachesParameterized { mainActorSeeds.append(position) }
        }
        guard !awaitSeeds.isEmpty || !mainActorSeeds.isEmpty else { return }
        let mayAwait = reaching(from: awaitSeeds, predecessors: predecessors)
        let mayNeedMainActor = reaching(from: mainActorSeeds, predecessors: predecessors)
        for (position, entry) in entries.enumerated() where mayAwait[position] || mayNeedMainActor[position] {
            entry.reach = Flags(mayAwait: mayAwait[position], mayNeedMainActor: mayNeedMainActor[position])
        }
    }

    private static func reachesParameterized(_ entry: RegistryEntry) -> Bool {
        func isParameterized(_ target: Dependency.Target) -> Bool {
            switch target {
            case .definition(let reference): reference.parameterized != nil
            case .collection(let targets): targets.contains(where: isParameterized)
            case .type, .allOfType, .value, .config, .provider, .opaque: false
            }
        }
        if entry.definition.dependencies.contains(where: { isParameterized($0.target) }) { return true }
        guard let inherited = entry.inherited else { return false }
        return inherited.initializerTargets.contains(where: isParameterized) || inherited.injectionTargets.contains(where: isParameterized)
    }

    /// The flags of an entry made for a parameterized definition at resolution time, from what it injects.
    static func flags(of entry: RegistryEntry, in factory: BlockComponentFactory) -> Flags {
        var flags = Flags(mayAwait: entry.isAsync, mayNeedMainActor: entry.isMainActor)
        for target in targets(of: entry) {
            forEachEntry(of: target, registry: factory.registry, lookup: factory.registeredEntry(for:),
                         parameterized: { flags.mayAwait = true; flags.mayNeedMainActor = true }) { reached in
                flags.mayAwait = flags.mayAwait || reached.reach.mayAwait
                flags.mayNeedMainActor = flags.mayNeedMainActor || reached.reach.mayNeedMainActor
            }
        }
        return flags
    }

    /// The keys from `entry` to an async initializer whose component is not built yet, following only
    /// what the graph shows; `nil` when there is none (nothing to await, or only through a parameterized
    /// definition or a closure, which the build itself then reports).
    /// - Parameter includingBuilt: follow components already built too (for validation, which describes
    ///   the graph rather than what a resolution would do now).
    static func path(toAsyncFrom entry: RegistryEntry, in factory: BlockComponentFactory, includingBuilt: Bool = false) -> [String]? {
        var visited: Set<ObjectIdentifier> = []
        var stack: [(entry: RegistryEntry, path: [String])] = [(entry, [entry.key])]
        while let (current, path) = stack.popLast() {
            guard visited.insert(ObjectIdentifier(current)).inserted else { continue }
            if !includingBuilt, current.cell?.publishedValue != nil { continue }
            if current.isAsync { return path }
            var successors: [RegistryEntry] = []
            for target in targets(of: current) {
                forEachEntry(of: target, registry: factory.registry, lookup: factory.registeredEntry(for:), parameterized: {}) { reached in
                    if reached.reach.mayAwait { successors.append(reached) }
                }
            }
            for next in successors.reversed() { stack.append((next, path + [next.key])) }
        }
        return nil
    }

    /// Everything an entry injects, its parent chain's injections included.
    private static func targets(of entry: RegistryEntry) -> [Dependency.Target] {
        var targets = entry.definition.dependencies.map(\.target)
        if let inherited = entry.inherited { targets += inherited.initializerTargets + inherited.injectionTargets }
        return targets
    }

    /// Calls `body` with each registered entry a target builds; `parameterized` for a reference to a
    /// parameterized definition, whose entries do not exist yet.
    private static func forEachEntry(
        of target: Dependency.Target, registry: Registry?, lookup: (DefinitionReference) -> RegistryEntry?,
        parameterized: () -> Void, _ body: (RegistryEntry) -> Void
    ) {
        switch target {
        case .definition(let reference):
            if reference.parameterized != nil { return parameterized() }
            if let entry = lookup(reference) { body(entry) }
        case .type(let type), .allOfType(let type):
            for entry in registry?.byType[ObjectIdentifier(type)] ?? [] { body(entry) }
        case .collection(let targets):
            for element in targets { forEachEntry(of: element, registry: registry, lookup: lookup, parameterized: parameterized, body) }
        case .value, .config, .provider, .opaque:
            break
        }
    }

    /// Which nodes reach a seed, following `predecessors` back from every seed.
    private static func reaching(from seeds: [Int], predecessors: [[Int]]) -> [Bool] {
        var reached = Array(repeating: false, count: predecessors.count)
        var pending = seeds
        for seed in seeds { reached[seed] = true }
        while let node = pending.popLast() {
            for predecessor in predecessors[node] where !reached[predecessor] {
                reached[predecessor] = true
                pending.append(predecessor)
            }
        }
        return reached
    }
}

extension BlockComponentFactory {
    /// The registered entry a reference points to, following assembly replacement.
    func registeredEntry(for reference: DefinitionReference) -> RegistryEntry? {
        if let entry = registry.byIdentity[reference.identity] { return entry }
        return assemblies.replacementKey(for: reference).flatMap { registry.entry(forKey: $0) }
    }
}
