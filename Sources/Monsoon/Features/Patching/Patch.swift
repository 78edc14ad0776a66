import Foundation
import Synchronization

/// A test double standing in for what a definition produces, until restored (Typhoon's patcher).
///
/// ```swift
/// let patch = try factory.patch(QuestAssembly.quest) { FakeQuest() as any Quest }
/// defer { patch.restore() }
/// ```
///
/// The double obeys the definition's scope: a new one per reference for a prototype, one per
/// resolution for objectGraph, one for the patch's lifetime for the shared scopes. Components built
/// before the patch keep what they were built with. `MonsoonTesting` restores patches automatically.
public final class Patch: @unchecked Sendable {
    // Unchecked: the table is only reached through its own lock; the rest is immutable or `Locked`.
    let identity: DefinitionIdentity
    let scope: Scope
    /// Whether the double is built on the main actor: an asynchronous resolution goes there for it, a
    /// synchronous one elsewhere throws `mainActorRequired`.
    let isMainActor: Bool
    /// Throws only `UnmetBuildRequirement`, for a main-actor double off the main actor.
    private let produce: @Sendable () throws -> Any
    private let component: Any.Type
    private weak var table: PatchTable?
    private let shared = Locked<Any?>(nil)

    init(identity: DefinitionIdentity, scope: Scope, table: PatchTable, component: Any.Type, isMainActor: Bool = false,
         produce: @escaping @Sendable () throws -> Any) {
        self.identity = identity
        self.scope = scope
        self.table = table
        self.component = component
        self.isMainActor = isMainActor
        self.produce = produce
    }

    /// Removes the double: the definition produces its own components again.
    public func restore() {
        table?.remove(self)
    }

    func instance(in context: ResolutionContext, entry: RegistryEntry) throws(ResolutionError) -> Any {
        if scope.buildsPerReference { return try make(entry, context) }
        if scope.isPooledPerResolution {
            let slot = ObjectIdentifier(self)
            if let existing = context.scratch.patchedObjectGraph[slot] { return existing }
            let value = try make(entry, context)
            context.scratch.patchedObjectGraph[slot] = value
            return value
        }
        if let existing = shared.current { return existing }
        // Made outside the lock: a double may resolve other (even patched) components.
        let value = try make(entry, context)
        return shared.withLock { stored in
            if let raced = stored { return raced }
            stored = value
            return value
        }
    }

    private func make(_ entry: RegistryEntry, _ context: ResolutionContext) throws(ResolutionError) -> Any {
        do {
            return try produce()
        } catch {
            throw .patchNeedsMainActor(entry.key, double: component, path: context.path + [entry.key])
        }
    }
}

/// The patches installed on one factory. Resolution checks `isActive` (one atomic load) before
/// looking anything up, so an unpatched factory pays nothing more.
@usableFromInline
final class PatchTable: Sendable {
    /// Patches installed plus bypasses begun; read inlined on every resolution.
    @usableFromInline let count = Atomic<Int>(0)
    private let patches = Locked<[DefinitionIdentity: [Patch]]>([:])
    /// Patches installed whose double is built on the main actor: while there is one, an asynchronous
    /// resolution off the main actor takes every component step by step, so that it can go to the main
    /// actor for a double anywhere in the graph (which the graph's own flags do not know of).
    private let mainActorDoubles = Atomic<Int>(0)

    var hasMainActorDouble: Bool { mainActorDoubles.load(ordering: .acquiring) > 0 }

    @inlinable
    var isActive: Bool { count.load(ordering: .acquiring) > 0 }

    /// Makes `isActive` true without a patch, so that resolutions take the full path (tracing).
    func beginBypass() { count.add(1, ordering: .releasing) }
    func endBypass() { count.subtract(1, ordering: .releasing) }

    func install(_ patch: Patch) {
        patches.withLock { $0[patch.identity, default: []].append(patch) }
        if patch.isMainActor { mainActorDoubles.add(1, ordering: .releasing) }
        count.add(1, ordering: .releasing)
    }

    func remove(_ patch: Patch) {
        let removed = patches.withLock { patches -> Bool in
            guard var list = patches[patch.identity], let index = list.firstIndex(where: { $0 === patch }) else { return false }
            list.remove(at: index)
            patches[patch.identity] = list.isEmpty ? nil : list
            return true
        }
        guard removed else { return }
        if patch.isMainActor { mainActorDoubles.subtract(1, ordering: .releasing) }
        count.subtract(1, ordering: .releasing)
    }

    /// Whether any patch is installed (a bypass alone does not count).
    var hasPatches: Bool { patches.withLock { !$0.isEmpty } }

    /// The most recent patch of the entry's definition, if any.
    func patch(for entry: RegistryEntry) -> Patch? {
        patches.withLock { $0[entry.definition.identity]?.last }
    }
}

extension BlockComponentFactory {
    /// Replaces what an assembly method's definition produces with `double`, until the returned patch
    /// is restored. Works for every scope; later patches of the same definition win until restored.
    ///
    /// - Throws: ``ResolutionError`` when the method's assembly was not activated or its definition is
    ///   not registered.
    public func patch<A: Assembly, T>(
        _ method: (A) -> () -> Definition<T>, with double: @escaping @Sendable () -> T
    ) throws(ResolutionError) -> Patch {
        let entry = try entry(for: definition(method, path: []).reference, declaredType: T.self, path: [])
        let patch = Patch(identity: entry.definition.identity, scope: entry.scope, table: patches, component: T.self,
                          produce: { double() })
        patches.install(patch)
        return patch
    }

    /// Replaces what an assembly method's definition produces with a double built on the main actor: a
    /// fake of a main-actor type, as in a module whose default isolation is the main actor. Neither the
    /// double nor `T` need be `Sendable`.
    ///
    /// ```swift
    /// let patch = try factory.patch(WeatherAssembly.weather) { @MainActor in FakeWeather() as any Weather }
    /// ```
    ///
    /// Resolved synchronously from another thread, the patched definition throws
    /// `ErrorKind.mainActorRequired`; resolved with `await`, the resolution goes to the main actor
    /// for the double. Otherwise as the form for a nonisolated double.
    public func patch<A: Assembly, T>(
        _ method: (A) -> () -> Definition<T>, with double: sending @escaping @MainActor @Sendable () -> T
    ) throws(ResolutionError) -> Patch {
        let entry = try entry(for: definition(method, path: []).reference, declaredType: T.self, path: [])
        let patch = Patch(identity: entry.definition.identity, scope: entry.scope, table: patches, component: T.self,
                          isMainActor: true, produce: { try MainActorCall.run { double() } })
        patches.install(patch)
        return patch
    }
}
