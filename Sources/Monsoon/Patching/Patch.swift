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
    private let produce: @Sendable () -> Any
    private weak var table: PatchTable?
    private let shared = Locked<Any?>(nil)

    init(identity: DefinitionIdentity, scope: Scope, table: PatchTable, produce: @escaping @Sendable () -> Any) {
        self.identity = identity
        self.scope = scope
        self.table = table
        self.produce = produce
    }

    /// Removes the double: the definition produces its own components again.
    public func restore() {
        table?.remove(self)
    }

    func instance(in context: ResolutionContext) throws(ResolutionError) -> Any {
        switch scope {
        case .prototype:
            return produce()
        case .objectGraph:
            let slot = ObjectIdentifier(self)
            if let existing = context.patchedObjectGraph[slot] { return existing }
            let value = produce()
            context.patchedObjectGraph[slot] = value
            return value
        case .singleton, .lazySingleton, .weakSingleton:
            if let existing = shared.current { return existing }
            // Made outside the lock: a double may resolve other (even patched) components.
            let value = produce()
            return shared.withLock { stored in
                if let raced = stored { return raced }
                stored = value
                return value
            }
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

    @inlinable
    var isActive: Bool { count.load(ordering: .acquiring) > 0 }

    /// Makes `isActive` true without a patch, so that resolutions take the full path (tracing).
    func beginBypass() { count.add(1, ordering: .releasing) }
    func endBypass() { count.subtract(1, ordering: .releasing) }

    func install(_ patch: Patch) {
        patches.withLock { $0[patch.identity, default: []].append(patch) }
        count.add(1, ordering: .releasing)
    }

    func remove(_ patch: Patch) {
        let removed = patches.withLock { patches -> Bool in
            guard var list = patches[patch.identity], let index = list.firstIndex(where: { $0 === patch }) else { return false }
            list.remove(at: index)
            patches[patch.identity] = list.isEmpty ? nil : list
            return true
        }
        if removed { count.subtract(1, ordering: .releasing) }
    }

    /// The most recent patch of the entry's definition, if any.
    func patch(for entry: RegistryEntry) -> Patch? {
        patches.withLock { $0[entry.declaration.identity]?.last }
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
        let patch = Patch(identity: entry.declaration.identity, scope: entry.scope, table: patches,
                          produce: { double() })
        patches.install(patch)
        return patch
    }
}
