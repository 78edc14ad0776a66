import Synchronization

/// One activated definition: its key, effective scope, what it inherits and, for shared scopes, its
/// pool cell.
///
/// The factory completes the entry the first time it needs it (`BlockComponentFactory.prepare`): the
/// graph's facts, and for a definition a body reached after activation, its parent chain.
///
/// Unchecked `Sendable`: its `let`s are immutable, and what the factory completes later lives in
/// `published` (see `PublishingObject`), whose invariant `PublishedFields` states (`Runtime/Unchecked.swift`): changed in
/// `init` or under the factory's preparation lock, published by storing `prepared` with release
/// ordering, read by a thread that loaded `isPrepared` as `true` (the resolution paths call `prepare`
/// first), that holds the lock, or that reads what `prepareAll` or `evaluateAll` completed or evaluated
/// (activation's report, the graph, validation), which is not changed again.
@usableFromInline
final class RegistryEntry: PublishingObject<RegistryEntry.Completed>, @unchecked Sendable {
    /// The definition.
    @usableFromInline let definition: AnyDefinition
    /// The names the key is made of: one object shared by the entries of an activated assembly that
    /// activation registers, so one word here.
    private let naming: EntryNaming

    /// The activated assembly's type name: the part of the key before the method.
    var assemblyName: String { naming.assemblyName }

    /// `QuestAssembly.knight()`: formatted when read (messages, lookups by key, instance post-processors),
    /// so that activation builds no string per definition.
    var key: String {
        naming.keyWithArguments ?? DefinitionKey(assembly: naming.assemblyName, method: definition.function).description
    }
    /// The factory-wide pool slot for singleton, lazySingleton and weakSingleton components.
    @usableFromInline let cell: SharedInstanceCell?
    /// `ObjectIdentifier` of the declared type, compared on the warm path before unboxing.
    @usableFromInline let declaredTypeID: ObjectIdentifier
    /// Whether the entry is complete: every published field is set (see the type's invariant).
    @usableFromInline let prepared: Atomic<Bool>
    /// Beside `prepared`, so that the two bytes share one word of the object.
    let scope: Scope

    @usableFromInline
    struct Completed: Sendable {
        /// The merged steps of the parent chain, root first; `nil` without a parent.
        var inherited: InheritedStepsBox?
        /// How to build the component without a resolution, for a definition that needs none: an
        /// objectGraph or prototype whose initializer takes only fixed values and which injects nothing,
        /// has no hooks and no parent. Its build touches no other component, so there is no graph to
        /// share and no cycle to detect; `nil` for every other definition. Made when the entry is
        /// published, so that a definition never resolved keeps no closure (32 bytes each).
        @usableFromInline var detachedMake: (@Sendable (Resolver) throws -> Any)?
        /// The cycle of shared components this one belongs to (see `CycleGroups`), `0` for none: 32 bits
        /// without an optional's tag, so that the entry fits a 112-byte block (`cycleGroup` reads it).
        var cycleGroupNumber: UInt32 = 0
        /// Whether `inherited` is set: tested on every build without copying the steps.
        @usableFromInline var hasParent = false
        /// Whether the definition needs no resolution, so that publishing makes `detachedMake`.
        var buildsDetached = false
        /// `definition.injects` and `definition.hasAfterInjections`, kept here: reading the definition
        /// costs a retain and a release.
        @usableFromInline var injects = false
        @usableFromInline var hasAfterInjections = false
        /// Whether the component is built on the main actor: its initializer (its own or inherited) or a
        /// hook is isolated to it.
        var isMainActor = false
        /// Whether the component's own or inherited initializer is `async`.
        var isAsync = false
        /// What preparation found about awaiting (see `AsyncReach`).
        var reach = AsyncReach.Flags()
        /// How far the entry is completed (read and changed under the lock only).
        var stage: Stage

        init(stage: Stage) {
            self.stage = stage
        }
    }

    var inherited: InheritedSteps? { published.fields.inherited?.steps }
    @inlinable var hasParent: Bool { published.fields.hasParent }
    @inlinable var injects: Bool { published.fields.injects }
    @inlinable var hasAfterInjections: Bool { published.fields.hasAfterInjections }
    @inlinable var detachedMake: (@Sendable (Resolver) throws -> Any)? { published.fields.detachedMake }
    var isMainActor: Bool { published.fields.isMainActor }
    var isAsync: Bool { published.fields.isAsync }
    var reach: AsyncReach.Flags { published.fields.reach }
    /// The cycle of shared components this one belongs to (see `CycleGroups`), or `nil`.
    var cycleGroup: Int? { published.fields.cycleGroupNumber == 0 ? nil : Int(published.fields.cycleGroupNumber) }
    var stage: Stage { published.fields.stage }
    /// The entry's position in the preparation pass running, `-1` outside one: set and read by a pass,
    /// under its lock, and changed after publication too, so not among the published fields. 32 bits: a
    /// pass holds far fewer entries.
    var passPosition: Int32 = -1

    /// How far an entry is completed.
    enum Stage: Comparable {
        /// Registered after activation: the parent chain is not resolved yet.
        case evaluated
        /// The parent chain is resolved and every field but the graph's (`reach`, `cycleGroup`) is set.
        case completed
    }

    /// Whether every field is set, so that the entry may be built from.
    @inlinable var isPrepared: Bool { prepared.load(ordering: .acquiring) }

    /// Whether this is an eager singleton that awaits, which ``BlockComponentFactory/start()`` builds and
    /// has not built yet.
    var awaitsStart: Bool {
        scope.isEager && isPrepared && !definition.isAbstract && reach.mayAwait && cell?.mayHoldValue != true
    }

    /// An entry for an evaluated definition, complete but for the graph's fields.
    ///
    /// - Parameter naming: the activated assembly's names, or the whole key of an entry made for
    ///   argument values.
    convenience init(naming: EntryNaming, definition: AnyDefinition, scope: Scope, inherited: InheritedSteps?) {
        self.init(naming: naming, definition: definition, scope: scope, stage: .completed)
        complete(inherited: inherited)
    }

    /// The entry of a definition that a body run after activation reached and no assembly lists (a
    /// parameterized body's), for preparation to complete: `scope` is the one its parent chain gives.
    convenience init(naming: EntryNaming, reached definition: AnyDefinition, scope: Scope) {
        self.init(naming: naming, definition: definition, scope: scope, stage: .evaluated)
    }

    private init(naming: EntryNaming, definition: AnyDefinition, scope: Scope, stage: Stage) {
        self.naming = naming
        self.definition = definition
        self.scope = scope
        self.declaredTypeID = ObjectIdentifier(definition.declaredType)
        self.cell = SharedInstanceCell(for: scope)
        self.prepared = Atomic(false)
        super.init(publishing: Completed(stage: stage))
    }

    /// Builds the component: `definition.build`, with the definition's box borrowed rather than retained
    /// and released around every build (see `withUnretained`): the entry holds the box for as long as the
    /// build runs, and never replaces it once published; builds run only on published entries.
    func build(in context: ResolutionContext) throws -> Any {
        try withUnretained(definition.box) { box in try box.build(context, self) }
    }

    /// Sets what the definition and its parent chain determine (in `init`, or under the preparation lock).
    func complete(inherited: InheritedSteps?) {
        changePublished { fields in
            fields.inherited = inherited.map(InheritedStepsBox.init)
            fields.hasParent = inherited != nil
            let needsNoResolution = !scope.isShared && inherited == nil && !definition.isAbstract && !definition.injects
                && !definition.hasAfterInjections
                && definition.dependencies.allSatisfy { if case .value = $0.target { true } else { false } }
            fields.injects = definition.injects
            fields.hasAfterInjections = definition.hasAfterInjections
            fields.isMainActor = definition.isMainActor || (inherited?.isMainActor ?? false)
            fields.isAsync = definition.isAsync || (!definition.hasInitializer && inherited?.initializerAsync != nil)
            fields.buildsDetached = needsNoResolution
            fields.stage = .completed
        }
    }

    /// Sets the graph's facts and publishes the entry (under the preparation lock): every field is
    /// set, and from now on read without the lock.
    func publish(reach: AsyncReach.Flags, cycleGroup: UInt32?) {
        changePublished { fields in
            fields.reach = reach
            fields.cycleGroupNumber = cycleGroup ?? 0
            if fields.buildsDetached { fields.detachedMake = definition.detachedBuild() }
        }
        prepared.store(true, ordering: .releasing)
    }
}

/// The names an entry's key is made of: the activated assembly's type name, which with the method makes
/// the key, shared by every entry of the assembly; or the whole key, for an entry made for argument
/// values or an implicit component.
final class EntryNaming: Sendable {
    /// The part of the key before the method.
    let assemblyName: String
    /// The whole key, when it is not the assembly's name and the method.
    let keyWithArguments: String?

    init(assemblyName: String, keyWithArguments: String? = nil) {
        self.assemblyName = assemblyName
        self.keyWithArguments = keyWithArguments
    }
}
