/// Child factories: Swinject's parent container, and a session that opens with a logged-in user and
/// closes at logout.
extension BlockComponentFactory {
    /// A child factory: this factory's definitions and those of `assemblies`, where the shared
    /// components of this factory's definitions (singleton, lazySingleton, weakSingleton, scopes of
    /// your own) are this factory's, and the child's own definitions have pools of the child's.
    ///
    /// ```swift
    /// let app = try BlockComponentFactory(assemblies: [AppAssembly()])
    /// let session = try app.child(SessionAssembly(user: user, token: token))
    /// let cart = try session.resolve(SessionAssembly.cart)      // one per session
    /// let api = try session.resolve(AppAssembly.apiClient)      // the app's singleton
    /// try await session.close()                                 // at logout
    /// ```
    ///
    /// - The child's assemblies bring the values a session is opened with (the user, a token) as
    ///   stored properties, which their definitions inject as they are: never optional, never looked up.
    /// - The child is validated as it is made, as `validating: true` validates at activation: a
    ///   definition of the child that cannot be resolved fails here, not at first use. So does a shared
    ///   component of this factory that would reach one of the child's (a singleton injecting the
    ///   session's cart by type): it is this factory's, so it would hold the child's component past the
    ///   child's close (`ErrorKind.childComponentCaptured`, naming both and the path).
    /// - A child never changes this factory: it builds this factory's shared components through this
    ///   factory, from this factory's definitions, and its own pools hold only its own components.
    ///   Components that live no longer than a resolution (objectGraph, prototype) are built by the child
    ///   in its own graphs, whichever factory's definitions they come from.
    /// - ``close()`` ends the child: resolutions already running finish, later ones throw
    ///   `ErrorKind.factoryClosed`, the `teardown(_:)` hooks of what its pools hold run, newest first, and the pools
    ///   are emptied. A child that is released without being closed releases its pools without teardown.
    ///
    /// A child's own definitions must not declare a type this factory's definitions declare (lookups by
    /// type would become ambiguous): replace an assembly with ``with(_:)`` instead. Resolving from a
    /// child takes the general path (it checks that the child is open), a few hundred instructions more
    /// than this factory's warm path.
    ///
    /// - Throws: ``ActivationError`` for what the child's assemblies get wrong, for error findings of
    ///   the validation (those about this factory's own definitions say so), `ambiguousType` for a type
    ///   the child declares again or a definition of this factory it lists, `duplicateAssembly` for an
    ///   assembly this factory has, `replacesNothing` for a collaborator subclassing one of this
    ///   factory's assemblies (a fake belongs to the parent), and `factoryClosed` on a closed child.
    /// - Complexity: activates this factory's definitions again for the child (without building its
    ///   shared components): O(*n*) in all the definitions, plus the child's singletons.
    public func child(_ assemblies: Assembly...) throws(ActivationError) -> BlockComponentFactory {
        if let childLifetime, case let gate = childLifetime.isClosed, gate != .open {
            throw ActivationError(problems: [.childOfClosedFactory(ancestorClosed: gate == .ancestorClosed)])
        }
        var problems = assemblies.flatMap { assembly in
            self.assemblies.assembly(related: type(of: assembly)).map { [ValidationReport.Finding.parentsAssemblyGivenToChild(assembly, parents: $0)] }
                ?? parentsDefinitionsListed(by: assembly)
        }
        if problems.isEmpty { problems = try subclassesOfParentsAssemblies(heldBy: assemblies) }
        if !problems.isEmpty { throw ActivationError(problems: problems) }
        // Every definition this factory's bodies reach registered here first, so that the child finds
        // this factory's entry for each (see `parentEntry(of:)`).
        _ = prepareAll()
        do throws(ActivationError) {
            let child = try BlockComponentFactory(
                assemblies: self.assemblies.given.assemblies + assemblies, excluding: self.assemblies.given.excluded, configuration: configuration,
                definitionPostProcessors: givenPostProcessors.definition, instancePostProcessors: givenPostProcessors.instance,
                validating: true, limits: limits, onResolutionFailure: failureObserver, parent: self)
            children.add(child)
            return child
        } catch {
            // What the child's validation found in this factory's own definitions is said to be this factory's.
            let keys = Set(catalog.keys + catalog.reachedEntries.map(\.key))
            throw ActivationError(problems: error.problems.map { keys.isSuperset(of: $0.path) ? $0.foundInParent() : $0 })
        }
    }

    /// A collaborator the child's assemblies hold that subclasses one of this factory's assemblies (a
    /// fake a session made itself): a child cannot replace its parent's assemblies, so references through
    /// it would reach definitions neither factory has.
    private func subclassesOfParentsAssemblies(heldBy assemblies: [Assembly]) throws(ActivationError) -> [ValidationReport.Finding] {
        try Collaborators.expanding(assemblies).dropFirst(assemblies.count).compactMap { found in
            let held = type(of: found.assembly)
            guard let parents = self.assemblies.assembly(related: held), held != type(of: parents),
                  ClassHierarchy.isSubclass(held, of: type(of: parents)) else { return nil }
            return .parentsAssemblySubclassedByChild(found.assembly, heldBy: found.collaboratorOf ?? "", parents: parents)
        }
    }

    /// The definitions `assembly` lists that an assembly of this factory declares, reached through a
    /// collaborator of its own (`let core = CoreAssembly()`, listing `core.logger()`): a child reaches them
    /// through this factory, and listing one would register it a second time under the child's name.
    private func parentsDefinitionsListed(by assembly: Assembly) -> [ValidationReport.Finding] {
        // Which method of which assembly each listed definition is: identities only, no body runs.
        let listed = DefinitionEvaluation.with(.identifying) { assembly.definitions.map(\.erased) }
        return listed.compactMap { definition in
            guard let declaring = definition.assemblyType, declaring != type(of: assembly),
                  let parents = self.assemblies.assembly(related: declaring) else { return nil }
            return .parentsDefinitionListedByChild(assembly, function: definition.function, parents: parents)
        }
    }

    /// Closes a child factory (see ``child(_:)``): a session's logout.
    ///
    /// ```swift
    /// try await session.close()
    /// ```
    ///
    /// 1. Later resolutions from the child throw `ErrorKind.factoryClosed` (a ``Provider`` of the child
    ///    too); resolutions already running finish first, so none hands out a component after `close`
    ///    returns.
    /// 2. The teardown hooks of the components the child's pools hold run, once each, newest first:
    ///    a component is torn down before those it was injected with. A main-actor component's hooks run
    ///    on the main actor, the others where `close` is called: it runs on the caller's actor, without
    ///    hopping off it.
    /// 3. The pools are emptied: a component nothing else holds is deinitialized before `close`
    ///    returns.
    ///
    /// A second call waits for the first to finish, and does nothing more. The parent's components are
    /// not touched. A child made from this one (a sub-session) refuses every resolution from then on.
    ///
    /// The wait for running resolutions lasts no longer than the factory's `sharedBuildWait`: a
    /// resolution may be waiting for this very close (a hook that starts `Task { try await
    /// session.close() }` and waits for it). Then `close` throws, the child stays closed to new
    /// resolutions, nothing is torn down, and a later `close()` tries again.
    ///
    /// - Throws: ``CloseError`` — `ErrorKind.notAChild` on a factory that is no child (its singletons
    ///   are read without a lock, so nothing can close it safely: release it instead);
    ///   `ErrorKind.closeDuringResolution` from inside a build, which `close` would wait for forever;
    ///   `ErrorKind.closeTimedOut` when resolutions still ran after `sharedBuildWait`.
    nonisolated(nonsending)
    public func close() async throws(CloseError) {
        guard let childLifetime else { throw .notAChild }
        guard !Self.isInsideBuild(ThreadState.current) else { throw .duringResolution }
        switch await childLifetime.closeAndDrain(waitingAtMost: limits.sharedBuildWait) {
        case .drained: break
        case .closedByAnother: return
        case .timedOut(let running): throw .timedOut(running: running, waited: limits.sharedBuildWait)
        }
        // No resolution runs now, and none can start: the pools are read by nobody.
        let held = coordinator.takeAll(catalog.allEntries.compactMap { entry in entry.cell.map { (entry, $0) } })
        // The main-actor hooks that could not wait for the main actor, which then runs them when it is free.
        var waitedFor: String?
        for component in held.sorted(by: { $0.sequence > $1.sequence }) {
            guard let hooks = component.entry.definition.box.teardown(component.value) else { continue }
            if !component.entry.isMainActor {
                hooks()
            } else if MainActorCall.isMainActor {
                await MainActor.run { hooks() }
            } else if waitedFor != nil {
                Task { @MainActor in hooks() }
            } else if !(await ChildLifetime.onMainActor(waitingAtMost: limits.sharedBuildWait, hooks)) {
                waitedFor = component.entry.key
            }
        }
        childLifetime.finishTeardown()
        if let waitedFor { throw .teardownTimedOut(waitedFor, waited: limits.sharedBuildWait) }
        // `held` goes here, with the last references the child had: deinitializers run now.
    }

    /// The first child alive (or child of one) that activated an assembly of `type`, for the message of
    /// a lookup in this factory that only that child can answer.
    func descendant(activating type: Assembly.Type) -> BlockComponentFactory? {
        for child in children.alive {
            if child.assemblies.assembly(related: type) != nil { return child }
            if let found = child.descendant(activating: type) { return found }
        }
        return nil
    }

    /// The keys of the definitions declaring `type` in children alive (and their children), for the
    /// message of a lookup by type in this factory that only they can answer.
    func descendantKeys(declaring type: Any.Type) -> [String] {
        children.alive.flatMap { child in (child.catalog.entries(declaring: type).map { Array($0) } ?? []).map(\.key) + child.descendantKeys(declaring: type) }
    }

    /// Whether the component this factory just built or handed out for `entry`, at a child's request,
    /// may hold a patch's double: this factory, or one it descends from, patches that definition, or did
    /// not pool what it built (a factory pools nothing built while a patch supplied part of it). What the
    /// child builds with it is then not pooled either, so no double outlives its patch in a session.
    func mayHaveHandedDouble(for entry: RegistryEntry) -> Bool {
        var pooling = (factory: self, entry: entry)
        var patched = false
        while true {
            if pooling.factory.patches.hasPatches {
                patched = true
                if pooling.factory.patches.patch(for: pooling.entry) != nil { return true }
            }
            guard let further = pooling.factory.parentEntry(of: pooling.entry) else { break }
            pooling = further
        }
        return patched && pooling.entry.cell?.mayHoldValue != true
    }

    /// Whether this factory is a child of `ancestor`, or a child of one of its children.
    func descends(from ancestor: BlockComponentFactory) -> Bool {
        var current = parent
        while let factory = current {
            if factory === ancestor { return true }
            current = factory.parent
        }
        return false
    }

    /// The parent's entry that pools `entry`'s component, for a child's entry of one of the parent's
    /// shared definitions (listed or reached: `child(_:)` had the parent register every one); `nil` for
    /// the child's own entries and for a factory that is no child.
    func parentEntry(of entry: RegistryEntry) -> (factory: BlockComponentFactory, entry: RegistryEntry)? {
        guard let parent, let home = parent.catalog.registeredEntry(identifiedBy: entry.definition.identity), home.cell != nil else {
            return nil
        }
        return (parent, home)
    }

    /// Whether the pool of `entry` may hold its component (see `SharedInstanceCell.mayHoldValue`): the
    /// parent's pool for a child's entry of a parent's shared definition, which the child's own cell
    /// never holds.
    func mayHoldValue(_ entry: RegistryEntry) -> Bool {
        guard entry.cell != nil else { return false }
        return (parentEntry(of: entry)?.entry.cell ?? entry.cell)?.mayHoldValue == true
    }
}
