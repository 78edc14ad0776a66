#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// One top-level resolution: the objectGraph pool, the stack of definitions being built (for cycle
/// detection and error paths), the shared cells it claimed, and the afterInjections hooks to run when it
/// completes. Used by exactly one thread, so it needs no lock.
final class ResolutionContext {
    private struct Frame {
        let entry: RegistryEntry
        /// Set once the initializer returned: the half-built instance a property cycle may receive.
        var instance: Any?
    }

    let factory: BlockComponentFactory
    let thread = CurrentResolution.currentThread
    private(set) var isFinished = false
    private var stack: [Frame] = []
    private var objectGraph: [PoolKey: Any] = [:]
    private var claimedEntries: [RegistryEntry] = []
    private var sharedInstances: [PoolKey: Any] = [:]
    private var pendingAfterInjections: [() -> Void] = []

    init(factory: BlockComponentFactory) {
        self.factory = factory
    }

    private var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// The keys being built, outermost first.
    var path: [String] { stack.map(\.entry.key) }

    /// The component of `entry`, from its pool or newly built, obeying its scope.
    func instance(of entry: RegistryEntry) throws(ResolutionError) -> Any {
        if entry.definition.isAbstract { throw .abstract(entry.key, path: path + [entry.key]) }
        if let cell = entry.cell { return try sharedInstance(of: entry, in: cell) }
        if entry.scope == .objectGraph, let pooled = objectGraph[entry.poolKey] { return pooled }
        return try build(entry)
    }

    private func sharedInstance(of entry: RegistryEntry, in cell: SharedInstanceCell) throws(ResolutionError) -> Any {
        if let published = cell.publishedValue { return published }
        switch try factory.coordinator.claim(cell, for: id, key: entry.key, path: path) {
        case .available(let value):
            return value
        case .ownedByThisResolution:
            if let value = sharedInstances[entry.poolKey] { return value }
            return try build(entry)
        case .claimed:
            claimedEntries.append(entry)
            return try build(entry)
        }
    }

    private func build(_ entry: RegistryEntry) throws(ResolutionError) -> Any {
        if let index = stack.lastIndex(where: { $0.entry.poolKey == entry.poolKey }) {
            if let halfBuilt = stack[index].instance { return halfBuilt }
            throw .initializerCycle(entry.key, path: path + [entry.key])
        }
        stack.append(Frame(entry: entry, instance: nil))
        defer { stack.removeLast() }
        do {
            let value = try entry.definition.build(self, entry)
            store(value, for: entry)
            return value
        } catch {
            forget(entry)
            if let resolutionError = error as? ResolutionError { throw resolutionError }
            throw .componentFailed(entry.key, error: error, path: path)
        }
    }

    /// Called by a recipe as soon as its initializer returns, before any injection, so that a cycle
    /// through property or method injection receives this instance instead of building another.
    func didInstantiate(_ value: Any, for entry: RegistryEntry) throws(ResolutionError) {
        if entry.scope == .weakSingleton, !(type(of: value) is AnyClass) {
            throw .weakSingletonOfValue(entry.key, built: type(of: value), path: path)
        }
        stack[stack.count - 1].instance = value
        store(value, for: entry)
    }

    /// Like `didInstantiate`, for a component built elsewhere: visible to cycles, kept in no pool.
    func didInstantiateExisting(_ value: Any, for entry: RegistryEntry) {
        stack[stack.count - 1].instance = value
    }

    /// Injects into a component built elsewhere, as `entry` would inject into its own.
    func inject(into existing: Any, entry: RegistryEntry) throws(ResolutionError) -> Any {
        stack.append(Frame(entry: entry, instance: existing))
        defer { stack.removeLast() }
        do {
            return try entry.definition.injectExisting(existing, self, entry)
        } catch {
            if let resolutionError = error as? ResolutionError { throw resolutionError }
            throw .componentFailed(entry.key, error: error, path: path)
        }
    }

    /// Queues a hook to run when the outermost resolution completes.
    func deferAfterInjections(_ hook: @escaping () -> Void) {
        pendingAfterInjections.append(hook)
    }

    private func store(_ value: Any, for entry: RegistryEntry) {
        switch entry.scope {
        case .objectGraph: objectGraph[entry.poolKey] = value
        case .singleton, .lazySingleton, .weakSingleton: sharedInstances[entry.poolKey] = value
        case .prototype: break
        }
    }

    private func forget(_ entry: RegistryEntry) {
        objectGraph[entry.poolKey] = nil
        sharedInstances[entry.poolKey] = nil
    }

    /// Runs the queued afterInjections hooks (hooks may resolve more, queuing more hooks), then
    /// publishes the shared components built here.
    func complete() {
        while !pendingAfterInjections.isEmpty {
            let hooks = pendingAfterInjections
            pendingAfterInjections.removeAll()
            for hook in hooks { hook() }
        }
        var built: [(cell: SharedInstanceCell, value: Any)] = []
        var unbuilt: [SharedInstanceCell] = []
        for entry in claimedEntries {
            guard let cell = entry.cell else { continue }
            if let value = sharedInstances[entry.poolKey] { built.append((cell, value)) } else { unbuilt.append(cell) }
        }
        factory.coordinator.publish(built)
        factory.coordinator.abandon(unbuilt)
        finish()
    }

    /// Gives up everything this failed resolution claimed; nothing it built is published.
    func abandon() {
        factory.coordinator.abandon(claimedEntries.compactMap(\.cell))
        finish()
    }

    private func finish() {
        isFinished = true
        claimedEntries.removeAll()
        sharedInstances.removeAll()
        objectGraph.removeAll()
    }
}
