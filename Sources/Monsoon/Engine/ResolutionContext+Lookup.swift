/// The lookups shared by ``Resolver`` and ``BlockComponentFactory``: find the registry entry, build or
/// reuse its component, and cast it to the requested type.
extension ResolutionContext {
    func resolve<T>(_ definition: Definition<T>) throws(ResolutionError) -> T {
        try resolve(definition.reference, as: T.self)
    }

    func resolve<T>(_ reference: DefinitionReference, as type: T.Type) throws(ResolutionError) -> T {
        let entry = try self.entry(for: reference, declaredType: T.self)
        return try component(of: entry, as: type)
    }

    /// The entry a reference names; a parameterized definition gets one entry per argument values here.
    func entry(for reference: DefinitionReference, declaredType: Any.Type) throws(ResolutionError) -> RegistryEntry {
        guard let parameterized = reference.parameterized else { return try factory.entry(for: reference, declaredType: declaredType, path: path) }
        // Kept for the resolution, whatever its scope, and read before asking the catalog. The table is
        // not borrowed while the entry is made: definition post-processors run then, and one that
        // resolves on this thread would reach this state while it is borrowed.
        if let kept = scratch.parameterizedEntries[reference.poolKey] { return kept }
        let entry = try factory.parameterizedEntry(for: reference, definition: parameterized, path: path)
        scratch.parameterizedEntries[reference.poolKey] = entry
        return entry
    }

    func resolve<T>(_ type: T.Type) throws(ResolutionError) -> T {
        let entry = try factory.uniqueEntry(for: type, path: path)
        return try component(of: entry, as: type)
    }

    func resolve<T>(key: String, as type: T.Type) throws(ResolutionError) -> T {
        let entry = try factory.entry(key: key, path: path)
        return try component(of: entry, as: type)
    }

    func allComponents<T>(of type: T.Type) throws(ResolutionError) -> [T] {
        var components: [T] = []
        for entry in factory.catalog.entries(declaring: type) ?? [] {
            components.append(try component(of: entry, as: type))
        }
        return components
    }

    /// Runs `body`, a ``Provider`` or ``Lazy`` building `entry` in this resolution; when it was called from
    /// an initializer still running and the build needs that very component, the initializer cycle is
    /// said as it is: the fix is to call it after the initializer, not to move an injection.
    func calledFromInitializer<R>(
        as holder: String, of entry: RegistryEntry, _ body: () throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        guard let caller = stack.frames.last, !caller.hasInstance else { return try body() }
        do {
            return try body()
        } catch where error.kind == .initializerCycle && error.path.last == caller.entry.key {
            // The path runs from the outermost component, whatever injects the caller.
            throw .calledFromInitializer(holder, caller: caller.entry.key, target: entry.key, cycle: error.path)
        }
    }

    /// The component of `entry` as `T`, within this resolution.
    func component<T>(of entry: RegistryEntry, as type: T.Type) throws(ResolutionError) -> T {
        if !entry.isPrepared { try factory.prepare(entry, path: path) }
        if entry.reach.mayAwait, stack.frames.isEmpty, !hot.pointee.run.isAsynchronous, let asyncPath = AsyncReach.path(toAsyncFrom: entry, in: factory) {
            throw .asyncRequired(entry.key, asyncPath: asyncPath)
        }
        return try typed(instance(of: entry), of: entry, as: type, path: path)
    }
}
