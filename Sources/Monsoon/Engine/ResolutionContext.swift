import Synchronization

/// One top-level resolution: the objectGraph pool, the stack of definitions being built (for cycle
/// detection and error paths), and the shared cells it claimed. Used by exactly one thread, so it needs
/// no lock.
///
/// Components are *settled* as soon as the strongly connected part of the graph they belong to is
/// complete (Tarjan's low-link bookkeeping on the build stack): their afterInjections hooks run and, for
/// shared scopes, their pool cells are published. A component outside any cycle settles right after its
/// own injections; the members of a cycle settle together when the first of them to be built completes.
///
/// The invariant that makes this exact: every time a component receives an instance that is not settled
/// — one still on the stack (half-built, or in its initializer: a postponed injection), or one built
/// earlier whose cycle is still open — the receiving frame's low-link drops to that instance's frame.
/// So no hook runs, and no shared cell is published for other threads, before every member of its cycle
/// is fully injected.
final class ResolutionContext {
    struct Frame {
        /// Not retained: entries live as long as the registry (or, for parameterized ones, as long as
        /// the resolution's `scratch.parameterizedEntries` or the factory's shared table), longer than any frame,
        /// and skipping the reference count keeps threads from contending on shared entries.
        private let entryReference: UnretainedReference<RegistryEntry>
        var entry: RegistryEntry { entryReference.object }
        /// Set once the initializer returned: the half-built instance, which a property cycle may
        /// receive, is then in the entry's slot.
        var hasInstance: Bool
        /// The lowest stack index this frame's subtree depends on while unsettled.
        var lowLink: Int
        /// The shared pool cell this build claimed, published when the component settles.
        let claimedCell: SharedInstanceCell?
        /// Hooks, postponed injections and unsettled members of the subtree: made only for a frame that
        /// has any, so that building a plain component allocates nothing here.
        var extras: FrameExtras?

        init(entry: RegistryEntry, hasInstance: Bool, lowLink: Int, claimedCell: SharedInstanceCell?) {
            self.entryReference = UnretainedReference(entry)
            self.hasInstance = hasInstance
            self.lowLink = lowLink
            self.claimedCell = claimedCell
        }
    }

    final class FrameExtras {
        /// Components built in this frame's subtree, waiting for their cycle to complete.
        var unsettled: [Unsettled] = []
        /// afterInjections hooks of the component this frame builds.
        var ownHooks: [() -> Void] = []
        /// Property and method injections of other components that needed this one while it was still
        /// in its initializer; they run as soon as the initializer returns.
        var postponed: [() throws -> Void] = []
        /// Whether one of `postponed` injects a main-actor component, so that an asynchronous resolution
        /// runs them on the main actor.
        var postponedForMainActor = false
    }

    /// A component waiting to settle: its hooks to run and, for a shared scope it claimed, its cell.
    struct Unsettled {
        /// Not retained, for the same reason as a frame's entry.
        private let entryReference: UnretainedReference<RegistryEntry>
        var entry: RegistryEntry { entryReference.object }
        let claimedCell: SharedInstanceCell?
        var hooks: [() -> Void]

        init(entry: RegistryEntry, claimedCell: SharedInstanceCell?, hooks: [() -> Void]) {
            self.entryReference = UnretainedReference(entry)
            self.claimedCell = claimedCell
            self.hooks = hooks
        }
    }

    private static let nextID = Atomic<UInt64>(1)

    /// Everything a resolution changes lives behind a pointer owned by this context rather than in stored
    /// properties: a stored property of a class pays a dynamic exclusivity check (through thread-local
    /// storage) at every access, and a context is only ever used by one thread, one access at a time.
    let hot: UncheckedStorage<State>

    /// Everything a resolution changes, in four groups and the run's identity, each read through one
    /// accessor of the context.
    struct State {
        /// The build in progress: its frames, what it holds per entry, and the limits it runs within.
        var stack = BuildStack()
        /// Which run of the context this is, for which factory, on which thread.
        var run = Run()
        /// What the run claimed in the factory's pools.
        var claims = Claims()
        /// What sends a build off its plain path.
        var detours = Detours()
        /// Tables of the run, emptied when it finishes.
        var scratch = Scratch()
    }

    struct BuildStack {
        var frames: [Frame] = []
        /// Per entry: the instance held by this resolution, the frame building it, its open cycle.
        var slots = SlotTable()
        /// The factory's depth limit, and the lowest stack address a build may start at on this thread.
        var maximumDepth = Int.max
        var stackFloor: UInt = 0
    }

    struct Run {
        /// The thread this resolution runs on: fixed for a synchronous resolution, set at each synchronous
        /// step of an asynchronous one, which moves between threads.
        var thread = CurrentResolution.currentThread
        /// Whether an asynchronous resolution drives this one, which awaits what its steps cannot build.
        var isAsynchronous = false
        /// Not retained, so that a resolver kept by mistake (it holds this context) does not keep the
        /// factory alive; nothing reads it once the resolution is finished (resolvers check
        /// `generation`), and until then the caller of the factory's method holds the factory.
        var factoryReference: UnretainedReference<BlockComponentFactory>?
        /// Counts the resolutions this context served (it is reused, one thread's at a time): a resolver
        /// is valid only while the generation it was made in runs.
        var generation: UInt64 = 0
        /// The resolution that was current on this thread when this one started (another factory's, or
        /// none); kept so that a component can join the resolution of its own factory further down.
        var enclosingReference: UnretainedReference<ResolutionContext>?
        var isFinished = true

        var enclosing: ResolutionContext? {
            get { enclosingReference?.object }
            set { enclosingReference = newValue.map(UnretainedReference.init) }
        }
    }

    struct Claims {
        /// The resolution's claim number, 0 until it first claims a shared cell (see `id`).
        var id: UInt64 = 0
        var entries: [RegistryEntry] = []
        /// Set once a test patch supplied a component: shared components this resolution builds may hold
        /// the double, so they are not published (the next resolution builds them afresh).
        var usedPatch = false
    }

    struct Detours {
        var tracer: ResolutionTracer? {
            didSet { isTracing = tracer != nil }
        }
        /// Whether `tracer` is set, and whether the factory has instance post-processors: tested on every
        /// build without loading (and so retaining) the objects.
        var isTracing = false {
            didSet { hasDetour = isTracing || !prepared.isEmpty }
        }
        var postProcessesInstances = false
        /// Whether `instance(of:)` must look past its plain path: a trace is recorded, or values are
        /// prepared. One flag, so that the plain path tests one byte.
        var hasDetour = false
        /// Components an asynchronous resolution produced for the next synchronous step of the frame at
        /// `preparedDepth` (see `prepare`), taken in order by that step's requests.
        var prepared: [(entry: RegistryEntry, value: Any)] = [] {
            didSet { hasDetour = isTracing || !prepared.isEmpty }
        }
        var preparedDepth = -1
        /// Replacements for the arguments of the next compiled call (see `ArgumentRewrites`): staged by
        /// a rewritten definition's initializer or method just before the call, taken by the call
        /// before it produces anything.
        var stagedRewrites: ArgumentRewrites?
        /// Whether `stagedRewrites` is set: what every compiled call tests, inlined, without loading the
        /// object.
        var hasStagedRewrites = false
    }

    struct Scratch {
        /// Instances of objectGraph-scoped test patches, by patch.
        var patchedObjectGraph: [ObjectIdentifier: Any] = [:]
        /// The entries of parameterized definitions this resolution made, so that equal arguments share
        /// one entry (and so one pool slot) within it.
        var parameterizedEntries: [PoolKey: RegistryEntry] = [:]
        /// Hooks queued with no frame on the stack (by injection into existing instances of a finished
        /// stack).
        var looseHooks: [() -> Void] = []
        /// Where this resolution's objectGraph components go when it finishes, for the ``Lazy`` values
        /// it injected; `nil` when it injected none.
        var graphSnapshot: GraphSnapshot?
        /// The graph of a ``Lazy`` this resolution builds for: objectGraph components it already has.
        var inheritedGraph: GraphSnapshot?
    }

    /// Hands `rewrites` to the next compiled call in this resolution.
    func stage(_ rewrites: ArgumentRewrites) {
        hot.pointee.detours.stagedRewrites = rewrites
        hot.pointee.detours.hasStagedRewrites = true
    }

    /// The rewrites staged for this call, cleared so that no nested call sees them.
    func takeStagedRewrites() -> ArgumentRewrites? {
        guard let rewrites = hot.pointee.detours.stagedRewrites else { return nil }
        hot.pointee.detours.stagedRewrites = nil
        hot.pointee.detours.hasStagedRewrites = false
        return rewrites
    }

    var stack: BuildStack { _read { yield hot.pointee.stack } _modify { yield &hot.pointee.stack } }
    var run: Run { _read { yield hot.pointee.run } _modify { yield &hot.pointee.run } }
    var claims: Claims { _read { yield hot.pointee.claims } _modify { yield &hot.pointee.claims } }
    var detours: Detours { _read { yield hot.pointee.detours } _modify { yield &hot.pointee.detours } }
    var scratch: Scratch { _read { yield hot.pointee.scratch } _modify { yield &hot.pointee.scratch } }

    /// Taken from a global counter only when the resolution first claims a shared cell, so that warm
    /// resolutions on several threads never touch a shared cache line; never reused, unlike addresses.
    var id: UInt64 {
        if hot.pointee.claims.id == 0 { hot.pointee.claims.id = Self.nextID.add(1, ordering: .relaxed).oldValue }
        return hot.pointee.claims.id
    }
    init() {
        hot = UncheckedStorage(State())
    }

    deinit {
        hot.destroy()
    }

    /// Starts a resolution for `factory` in this (new or finished) context.
    func begin(factory: BlockComponentFactory, enclosing: ResolutionContext?, stackFloor: UInt) {
        hot.pointee.run.factoryReference = UnretainedReference(factory)
        hot.pointee.stack.maximumDepth = factory.limits.maximumDepth
        hot.pointee.stack.stackFloor = stackFloor
        hot.pointee.detours.postProcessesInstances = !factory.instancePostProcessors.isEmpty
        hot.pointee.run.enclosingReference = enclosing.map(UnretainedReference.init)
        hot.pointee.run.generation &+= 1
        hot.pointee.claims.id = 0
        hot.pointee.run.isFinished = false
        hot.pointee.run.isAsynchronous = false
    }

    /// The factory of the running resolution.
    var factory: BlockComponentFactory {
        // Set by `begin` before any use; a finished context is only read through guarded paths.
        hot.pointee.run.factoryReference.uncheckedValue.object
    }

    /// The keys being built, outermost first.
    var path: [String] { stack.frames.map(\.entry.key) }

    /// The component of `entry`, from its pool or newly built, obeying its scope.
    func instance(of entry: RegistryEntry) throws(ResolutionError) -> Any {
        guard hot.pointee.detours.hasDetour else { return try untracedInstance(of: entry) }
        if !hot.pointee.detours.prepared.isEmpty, let value = takePrepared(entry) { return value }
        guard let tracer = detours.tracer else { return try untracedInstance(of: entry) }
        tracer.begin(entry.key)
        defer { tracer.end() }
        return try untracedInstance(of: entry)
    }

    func untracedInstance(of entry: RegistryEntry) throws(ResolutionError) -> Any {
        if factory.patches.isActive, let patch = factory.patches.patch(for: entry) {
            if hot.pointee.detours.isTracing { detours.tracer?.note(.patch) }
            claims.usedPatch = true
            return try patch.instance(in: self, entry: entry)
        }
        if !entry.isPrepared { try factory.prepare(entry, path: path) }
        if entry.definition.isAbstract { throw .abstract(entry.key, path: path + [entry.key], children: factory.childKeys(of: entry)) }
        if let cell = entry.cell { return try sharedInstance(of: entry, in: cell) }
        if entry.scope.isPooledPerResolution {
            if let held = held(entry, pool: .objectGraphPool) { return held }
            // Through the pointer: the `scratch` accessor would copy the whole struct on every miss.
            if let graph = hot.pointee.scratch.inheritedGraph, let inherited = graph.instance(of: entry) {
                stack.slots.update(entry) { $0.instance = inherited }
                return inherited.value
            }
        }
        return try build(entry, claimed: nil)
    }

    /// Starts this (new) resolution with the objectGraph components of `graph`: a ``Lazy``'s build.
    func inherit(_ graph: GraphSnapshot) {
        hot.pointee.scratch.inheritedGraph = graph
    }

    /// The snapshot this resolution's objectGraph components go to when it finishes.
    func graphSnapshot() -> GraphSnapshot {
        if let existing = hot.pointee.scratch.graphSnapshot { return existing }
        let made = GraphSnapshot()
        hot.pointee.scratch.graphSnapshot = made
        return made
    }

    private func sharedInstance(of entry: RegistryEntry, in cell: SharedInstanceCell) throws(ResolutionError) -> Any {
        if let published = cell.publishedValue {
            if hot.pointee.detours.isTracing { detours.tracer?.note(.sharedPool(entry.scope)) }
            return published
        }
        // Built by this resolution and not (or not yet) published.
        if let own = held(entry, pool: .sharedPool(entry.scope)) { return own }
        // A child's entry of its parent's shared definition: the parent's pool holds the component.
        if let home = factory.parentEntry(of: entry) {
            let component = try home.factory.resolve(home.entry, as: Any.self)
            if home.factory.mayHaveHandedDouble(for: home.entry) { claims.usedPatch = true }
            return component
        }
        switch try factory.coordinator.claim(cell, group: entry.cycleGroup, for: id, key: entry.key,
                                             wait: factory.limits.sharedBuildWait, path: path) {
        case .available(let value):
            if hot.pointee.detours.isTracing { detours.tracer?.note(.sharedPool(entry.scope)) }
            return value
        case .ownedByThisResolution:
            if let own = held(entry, pool: .sharedPool(entry.scope)) { return own }
            return try build(entry, claimed: nil)
        case .claimed:
            claims.entries.append(entry)
            return try build(entry, claimed: cell)
        }
    }

    /// The instance this resolution holds for `entry`, noting that the component being built depends on
    /// it when it is not settled yet.
    func held(_ entry: RegistryEntry, pool: ResolutionTrace.Source) -> Any? {
        guard let state = stack.slots.state(of: entry), let value = state.value else { return nil }
        if state.frame >= 0 {
            lowerLowLink(to: Int(state.frame))
            if hot.pointee.detours.isTracing { detours.tracer?.note(.inFlight) }
        } else {
            if state.cycleRoot >= 0 { lowerLowLink(to: Int(state.cycleRoot)) }
            if hot.pointee.detours.isTracing { detours.tracer?.note(pool) }
        }
        return value
    }

    private func build(_ entry: RegistryEntry, claimed cell: SharedInstanceCell?) throws(ResolutionError) -> Any {
        var shadowed: SlotState?
        if let state = stack.slots.state(of: entry), state.frame >= 0 {
            switch try inFlightUse(of: entry, state: state) {
            case .reuse(let value): return value
            case .buildBeside(let state): shadowed = state
            }
        }
        let index = stack.frames.count
        // The stack is checked every fourth level: four levels take far less than the reserve kept below
        // the floor, even with a debug build's frames, and most builds then skip the call. Level 0 is one
        // of them: a hook that resolves (a `Lazy`, a `Provider`) builds at level 0 again, deeper down the
        // same thread's stack each time.
        if index >= hot.pointee.stack.maximumDepth || (index & 3 == 0 && ThreadStack.currentDepthMarker() < hot.pointee.stack.stackFloor) {
            throw .depthLimitExceeded(entry.key, limit: hot.pointee.stack.maximumDepth,
                                      stackExhausted: index < hot.pointee.stack.maximumDepth, path: path + [entry.key])
        }
        stack.frames.append(Frame(entry: entry, hasInstance: false, lowLink: index, claimedCell: cell))
        stack.slots.update(entry) { $0.frame = Int32(index) }
        if hot.pointee.detours.isTracing { detours.tracer?.note(.built(entry.scope)) }
        do {
            let value = try entry.build(in: self)
            popFrame()
            if let shadowed { stack.slots.update(entry) { $0 = shadowed } }
            return value
        } catch {
            if hot.pointee.detours.isTracing { detours.tracer?.note(.failed) }
            discard(stack.frames.removeLast())
            if let shadowed { stack.slots.update(entry) { $0 = shadowed } }
            if var resolutionError = error as? ResolutionError {
                // Postponing is for the injection that asked directly, not for the frames around it.
                resolutionError.postponableUntil = nil
                throw resolutionError
            }
            let failure = ResolutionError.componentFailed(entry.key, error: error, path: path + [entry.key])
            // A synchronous build inside an awaited resolution comes from a closure's Resolver.
            throw hot.pointee.run.isAsynchronous ? failure.asyncRequired(in: .closure) : failure
        }
    }

    /// What a reference to `entry`, which is on the stack at `state.frame`, receives.
    enum InFlightUse {
        /// The instance on the stack (or a postponed injection, or an initializer cycle: see `inFlight`).
        case reuse(Any)
        /// A new prototype, built beside the one on the stack, whose slot state is restored afterwards.
        case buildBeside(SlotState)
    }

    /// Typhoon's rule: an in-flight prototype is handed back only to the component it is building
    /// (distance 0) or to the one directly under it (distance 1), the back-reference of a cycle; a
    /// request from further down is another part of the graph that happens to need the same definition,
    /// and gets a new prototype (`King.personalGuard` in Typhoon's `test_general_knight_for_different_kings`).
    /// Every other scope reuses the instance on the stack at any distance.
    ///
    /// Where every component between the two is a prototype too (a ring of three prototypes), building
    /// anew would walk the same ring again without end (Typhoon recurses until it crashes): the instance
    /// on the stack closes the ring instead. Anything else on the way (the kingdom, a lazySingleton) is
    /// reused when the new build reaches it, which ends the walk.
    func inFlightUse(of entry: RegistryEntry, state: SlotState) throws(ResolutionError) -> InFlightUse {
        let frame = Int(state.frame)
        if entry.scope.buildsPerReference, stack.frames.count - 1 - frame > 1,
           stack.frames[(frame + 1)...].contains(where: { !$0.entry.scope.buildsPerReference }) {
            return .buildBeside(state)
        }
        return .reuse(try inFlight(entry, frame: frame))
    }

    /// A reference to a component that is on the stack: the half-built instance once its initializer has
    /// returned; while it is still in its initializer, a property or method injection asking for it is
    /// postponed (the requester's injection runs when the initializer returns), and an initializer asking
    /// for it is a genuine initializer cycle.
    func inFlight(_ entry: RegistryEntry, frame index: Int) throws(ResolutionError) -> Any {
        if stack.frames[index].hasInstance, let halfBuilt = stack.slots.state(of: entry)?.value {
            lowerLowLink(to: index)
            if hot.pointee.detours.isTracing { detours.tracer?.note(.inFlight) }
            return halfBuilt
        }
        let requester = stack.frames[stack.frames.count - 1]
        if requester.hasInstance, requester.entry !== entry {
            throw .postponable(until: index, key: entry.key, requester: requester.entry.key, path: path + [entry.key])
        }
        throw .initializerCycle(entry.key, path: path + [entry.key])
    }

    /// Called by a recipe as soon as its initializer returns, before any injection, so that a cycle
    /// through property or method injection receives this instance instead of building another; then
    /// runs the injections postponed until this instance existed.
    func didInstantiate(_ instance: StoredInstance, for entry: RegistryEntry) throws(ResolutionError) {
        if entry.scope.holdsWeakly, instance.isBoxed, !(type(of: instance.value) is AnyClass) {
            throw .weakSingletonOfValue(entry.key, built: type(of: instance.value), scope: entry.scope, path: path)
        }
        guard !stack.frames.isEmpty else { return }
        let top = stack.frames.count - 1
        stack.frames[top].hasInstance = true
        stack.slots.update(entry) { $0.instance = instance }
        guard let extras = stack.frames[top].extras, !extras.postponed.isEmpty else { return }
        let postponed = extras.postponed
        extras.postponed = []
        for injection in postponed {
            do {
                try injection()
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw .componentFailed(entry.key, error: error, path: path)
            }
        }
    }

    /// Postpones an injection into a component already created until the component at stack index
    /// `frame` leaves its initializer; the requester is not settled before then.
    func postpone(until frame: Int, _ injection: @escaping () throws -> Void) {
        let extras = extras(of: frame)
        extras.postponed.append(injection)
        if let requester = stack.frames.last?.entry, requester.isMainActor { extras.postponedForMainActor = true }
        lowerLowLink(to: frame)
    }

    /// The extras of the frame at `index`, made on first use.
    func extras(of index: Int) -> FrameExtras {
        if let extras = stack.frames[index].extras { return extras }
        let extras = FrameExtras()
        stack.frames[index].extras = extras
        return extras
    }

    /// Injects into a component built elsewhere, as `entry` would inject into its own: visible to cycles,
    /// kept in no pool.
    func inject(into existing: Any, entry: RegistryEntry) throws(ResolutionError) -> Any {
        pushFrame(injecting: existing, entry: entry)
        do {
            let injected = try entry.definition.injectExisting(existing, self, entry)
            popFrame()
            return injected
        } catch {
            discard(stack.frames.removeLast())
            if let resolutionError = error as? ResolutionError { throw resolutionError }
            throw .componentFailed(entry.key, error: error, path: path + [entry.key])
        }
    }

    /// Puts a component built elsewhere on the stack as `entry`'s, already instantiated, so that cycles
    /// through its injections receive it.
    func pushFrame(injecting existing: Any, entry: RegistryEntry) {
        let index = stack.frames.count
        stack.frames.append(Frame(entry: entry, hasInstance: true, lowLink: index, claimedCell: nil))
        stack.slots.update(entry) {
            $0.frame = Int32(truncatingIfNeeded: index)
            $0.instance = StoredInstance(erased: existing)
        }
    }

    /// Queues a hook to run when the component being built settles.
    func deferAfterInjections(_ hook: @escaping () -> Void) {
        guard !stack.frames.isEmpty else { return scratch.looseHooks.append(hook) }
        extras(of: stack.frames.count - 1).ownHooks.append(hook)
    }

    /// Records what a post-processor returned in place of the instance built, so that later references
    /// receive the replacement.
    func didReplace(_ instance: StoredInstance, for entry: RegistryEntry) {
        stack.slots.replaceInstance(of: entry, with: instance)
    }
}

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

/// Settling: running afterInjections hooks and publishing shared components once their part of the graph
/// is complete; and finishing or abandoning the whole resolution.
extension ResolutionContext {
    /// Records that the component being built depends on the frame at `index` completing.
    func lowerLowLink(to index: Int) {
        guard !stack.frames.isEmpty else { return }
        stack.frames[stack.frames.count - 1].lowLink = min(stack.frames[stack.frames.count - 1].lowLink, index)
    }

    /// Pops the top frame after a successful build: settles its components if its cycle is complete,
    /// otherwise hands them to the frame below.
    func popFrame() {
        let frame = stack.frames.removeLast()
        let index = stack.frames.count
        stack.slots.update(frame.entry) { $0.frame = -1 }
        if frame.lowLink >= index {
            // The common case: one component that never joined a cycle, nothing to run or publish.
            if frame.claimedCell == nil, frame.extras == nil { return }
            settle(members(of: frame))
        } else {
            let members = members(of: frame)
            let root = Int32(frame.lowLink)
            for component in members { stack.slots.update(component.entry) { $0.cycleRoot = root } }
            extras(of: index - 1).unsettled += members
            stack.frames[index - 1].lowLink = min(stack.frames[index - 1].lowLink, frame.lowLink)
        }
    }

    /// The components a frame leaves to settle: its subtree's unsettled members, then its own.
    private func members(of frame: Frame) -> [Unsettled] {
        var members = frame.extras?.unsettled ?? []
        members.append(Unsettled(entry: frame.entry, claimedCell: frame.claimedCell, hooks: frame.extras?.ownHooks ?? []))
        return members
    }

    private func settle(_ components: [Unsettled]) {
        for component in components {
            stack.slots.update(component.entry) { $0.cycleRoot = -1 }
            for hook in component.hooks { hook() }
        }
        guard components.contains(where: { $0.claimedCell != nil }) else { return }
        guard !claims.usedPatch else {
            factory.coordinator.abandon(components.compactMap(\.claimedCell), by: id)
            return
        }
        var built: [(cell: SharedInstanceCell, value: Any, box: AnyObject?)] = []
        for component in components {
            guard let cell = component.claimedCell, let value = stack.slots.state(of: component.entry)?.value else { continue }
            built.append((cell, value, cell.holdsWeakly ? nil : component.entry.definition.box(value)))
        }
        factory.coordinator.publish(built)
    }

    /// Drops a failed frame: its unsettled components are discarded, their claims given up.
    func discard(_ frame: Frame) {
        var cells: [SharedInstanceCell] = []
        for component in members(of: frame) {
            forget(component.entry)
            if let claimed = component.claimedCell { cells.append(claimed) }
        }
        factory.coordinator.abandon(cells, by: id)
    }

    private func forget(_ entry: RegistryEntry) {
        stack.slots.update(entry) { $0 = SlotState() }
    }

    /// Runs hooks queued outside any frame, then gives up claims still held: builds whose failure user
    /// code caught. (Claims that were settled are no longer this resolution's, and are left alone.)
    func complete() {
        while !scratch.looseHooks.isEmpty {
            let hooks = scratch.looseHooks
            scratch.looseHooks.removeAll()
            for hook in hooks { hook() }
        }
        finish()
    }

    /// Gives up every claim this failed resolution still holds.
    func abandon() {
        finish()
    }

    /// Ends the resolution and clears the context for the next one, keeping its storage.
    private func finish() {
        run.isFinished = true
        if !claims.entries.isEmpty {
            factory.coordinator.abandon(claims.entries.compactMap(\.cell), by: id)
            claims.entries.removeAll(keepingCapacity: true)
        }
        if let snapshot = hot.pointee.scratch.graphSnapshot {
            // Not the entries this resolution made for argument values: they are freed with it.
            let ownEntries = Set(scratch.parameterizedEntries.values.map(ObjectIdentifier.init))
            snapshot.fill(stack.slots.instances { $0.scope.isPooledPerResolution && !ownEntries.contains(ObjectIdentifier($0)) })
            hot.pointee.scratch.graphSnapshot = nil
        }
        if hot.pointee.scratch.inheritedGraph != nil { hot.pointee.scratch.inheritedGraph = nil }
        stack.slots.removeAll()
        stack.frames.removeAll(keepingCapacity: true)
        scratch.looseHooks.removeAll()
        if !scratch.patchedObjectGraph.isEmpty { scratch.patchedObjectGraph.removeAll() }
        if !scratch.parameterizedEntries.isEmpty { scratch.parameterizedEntries.removeAll() }
        claims.usedPatch = false
        detours.tracer = nil
        run.enclosing = nil
    }
}

@available(*, unavailable, message: "A resolution runs on one thread.")
extension ResolutionContext: Sendable {}

@available(*, unavailable, message: "A resolution's state belongs to the thread running it.")
extension ResolutionContext.State: Sendable {}

@available(*, unavailable, message: "A resolution's state belongs to the thread running it.")
extension ResolutionContext.Detours: Sendable {}
