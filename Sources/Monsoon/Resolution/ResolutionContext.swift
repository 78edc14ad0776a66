import Synchronization

/// One top-level resolution: the objectGraph pool, the stack of definitions being built (for cycle
/// detection and error paths), and the shared cells it claimed. Used by exactly one thread, so it needs
/// no lock.
///
/// Components are *settled* as soon as the strongly connected part of the graph they belong to is
/// complete (Tarjan's low-link bookkeeping on the build stack): their afterInjections hooks run and, for
/// shared scopes, their pool cells are published. A component outside any cycle settles right after its
/// own injections; the members of a cycle settle together when the first of them to be built completes.
/// Settling early keeps a resolution from holding claims it no longer needs (which would make two
/// resolutions that claimed shared components in opposite orders wait for each other), while never
/// letting another thread see a component whose cycle is still being injected.
final class ResolutionContext {
    struct Frame {
        let entry: RegistryEntry
        /// Set once the initializer returned: the half-built instance a property cycle may receive.
        var instance: Any?
        /// The lowest stack index this frame's subtree depends on while unsettled.
        var lowLink: Int
        /// Components built in this frame's subtree, waiting for their cycle to complete.
        var unsettled: [Unsettled] = []
        /// afterInjections hooks of the component this frame builds.
        var ownHooks: [() -> Void] = []
    }

    /// A component waiting to settle: its hooks to run and, for a shared scope it claimed, its cell.
    struct Unsettled {
        let entry: RegistryEntry
        let claimedCell: SharedInstanceCell?
        var hooks: [() -> Void]
    }

    private static let nextID = Atomic<UInt64>(1)

    /// Unowned so that a resolver kept by mistake (it holds this context) does not keep the factory
    /// alive; nothing reads it once the resolution is finished, and until then the caller of the
    /// factory's method holds the factory.
    unowned let factory: BlockComponentFactory
    /// Taken from a global counter only when the resolution first claims a shared cell, so that warm
    /// resolutions on several threads never touch a shared cache line; never reused, unlike addresses.
    private(set) lazy var id: UInt64 = Self.nextID.add(1, ordering: .relaxed).oldValue
    let thread = CurrentResolution.currentThread
    /// The resolution that was current on this thread when this one started (another factory's, or
    /// none); kept so that a component can join the resolution of its own factory further down.
    var enclosing: ResolutionContext?
    var isFinished = false
    var stack: [Frame] = []
    var objectGraph: [ObjectIdentifier: Any] = [:]
    var sharedInstances: [ObjectIdentifier: Any] = [:]
    /// For components built but not yet settled: the stack index their unsettled cycle reaches down to.
    var unsettledRoots: [ObjectIdentifier: Int] = [:]
    var claimedEntries: [RegistryEntry] = []
    /// The entries of parameterized definitions this resolution made, so that equal arguments share one
    /// entry (and so one pool slot) within it.
    var parameterizedEntries: [PoolKey: RegistryEntry] = [:]
    /// Set once a test patch supplied a component: shared components this resolution builds may hold
    /// the double, so they are not published (the next resolution builds them afresh).
    var usedPatch = false
    /// Records a trace of this resolution when tracing is on.
    var tracer: ResolutionTracer?
    /// Hooks queued with no frame on the stack (by injection into existing instances of a finished stack).
    var looseHooks: [() -> Void] = []

    init(factory: BlockComponentFactory) {
        self.factory = factory
    }

    /// The keys being built, outermost first.
    var path: [String] { stack.map(\.entry.key) }

    /// The component of `entry`, from its pool or newly built, obeying its scope.
    func instance(of entry: RegistryEntry) throws(ResolutionError) -> Any {
        guard let tracer else { return try untracedInstance(of: entry) }
        tracer.begin(entry.key)
        defer { tracer.end() }
        return try untracedInstance(of: entry)
    }

    private func untracedInstance(of entry: RegistryEntry) throws(ResolutionError) -> Any {
        if factory.patches.isActive, let patch = factory.patches.patch(for: entry) {
            tracer?.note(.patch)
            usedPatch = true
            return try patch.instance(in: self)
        }
        if entry.definition.isAbstract { throw .abstract(entry.key, path: path + [entry.key]) }
        if let cell = entry.cell { return try sharedInstance(of: entry, in: cell) }
        if entry.scope == .objectGraph, let pooled = objectGraph[entry.slot] {
            noteDependency(on: entry.slot)
            if let tracer { tracer.note(isInFlight(entry) ? .inFlight : .objectGraphPool) }
            return pooled
        }
        return try build(entry, claimed: nil)
    }

    private func sharedInstance(of entry: RegistryEntry, in cell: SharedInstanceCell) throws(ResolutionError) -> Any {
        if let published = cell.publishedValue {
            tracer?.note(.sharedPool(entry.scope))
            return published
        }
        if let own = sharedInstances[entry.slot] {
            // Built by this resolution and not (or not yet) published.
            noteDependency(on: entry.slot)
            if let tracer { tracer.note(isInFlight(entry) ? .inFlight : .sharedPool(entry.scope)) }
            return own
        }
        switch try factory.coordinator.claim(cell, for: id, key: entry.key, path: path) {
        case .available(let value):
            tracer?.note(.sharedPool(entry.scope))
            return value
        case .ownedByThisResolution:
            if let value = sharedInstances[entry.slot] {
                noteDependency(on: entry.slot)
                if let tracer { tracer.note(isInFlight(entry) ? .inFlight : .sharedPool(entry.scope)) }
                return value
            }
            return try build(entry, claimed: nil)
        case .claimed:
            claimedEntries.append(entry)
            return try build(entry, claimed: cell)
        }
    }

    private func build(_ entry: RegistryEntry, claimed cell: SharedInstanceCell?) throws(ResolutionError) -> Any {
        if let index = stack.lastIndex(where: { $0.entry === entry }) {
            if let halfBuilt = stack[index].instance {
                lowerLowLink(to: index)
                tracer?.note(.inFlight)
                return halfBuilt
            }
            throw .initializerCycle(entry.key, path: path + [entry.key])
        }
        let index = stack.count
        stack.append(Frame(entry: entry, instance: nil, lowLink: index))
        tracer?.note(.built(entry.scope))
        do {
            let value = try entry.definition.build(self, entry)
            store(value, for: entry)
            stack[index].unsettled.append(Unsettled(entry: entry, claimedCell: cell, hooks: stack[index].ownHooks))
            popFrame()
            return value
        } catch {
            tracer?.note(.failed)
            let failed = stack.removeLast()
            discard(failed, failing: entry, claimed: cell)
            if let resolutionError = error as? ResolutionError { throw resolutionError }
            throw .componentFailed(entry.key, error: error, path: path + [entry.key])
        }
    }

    private func isInFlight(_ entry: RegistryEntry) -> Bool {
        stack.contains { $0.entry === entry }
    }

    /// Called by a recipe as soon as its initializer returns, before any injection, so that a cycle
    /// through property or method injection receives this instance instead of building another.
    func didInstantiate(_ value: Any, for entry: RegistryEntry) throws(ResolutionError) {
        if entry.scope == .weakSingleton, !(type(of: value) is AnyClass) {
            throw .weakSingletonOfValue(entry.key, built: type(of: value), path: path)
        }
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].instance = value
        store(value, for: entry)
    }

    /// Injects into a component built elsewhere, as `entry` would inject into its own: visible to cycles,
    /// kept in no pool.
    func inject(into existing: Any, entry: RegistryEntry) throws(ResolutionError) -> Any {
        let index = stack.count
        stack.append(Frame(entry: entry, instance: existing, lowLink: index))
        do {
            let injected = try entry.definition.injectExisting(existing, self, entry)
            stack[index].unsettled.append(Unsettled(entry: entry, claimedCell: nil, hooks: stack[index].ownHooks))
            popFrame()
            return injected
        } catch {
            let failed = stack.removeLast()
            discard(failed, failing: entry, claimed: nil)
            if let resolutionError = error as? ResolutionError { throw resolutionError }
            throw .componentFailed(entry.key, error: error, path: path + [entry.key])
        }
    }

    /// Queues a hook to run when the component being built settles.
    func deferAfterInjections(_ hook: @escaping () -> Void) {
        guard !stack.isEmpty else { return looseHooks.append(hook) }
        stack[stack.count - 1].ownHooks.append(hook)
    }

    func store(_ value: Any, for entry: RegistryEntry) {
        switch entry.scope {
        case .objectGraph: objectGraph[entry.slot] = value
        case .singleton, .lazySingleton, .weakSingleton: sharedInstances[entry.slot] = value
        case .prototype: break
        }
    }
}
