/// From a found entry to its component: the warm path, which every typed resolution runs before it
/// needs a resolution context, then the way into a resolution when it does, and the component's cast
/// to the requested type. The warm path is `@inlinable`, so it is compiled into the caller's module for
/// the requested `T`.
///
/// Invariant that makes it lock-free and cast-free: a shared entry's cell is written once — its value,
/// and a `TypedBox` of the entry's *declared* type — before its published flag is stored with release
/// ordering. A reader that loads the flag with acquire ordering sees both. The box was made for the
/// declared type, so when `entry.declaredTypeID == ObjectIdentifier(T.self)` the unchecked downcast to
/// `TypedBox<T>` cannot fail. Patches and tracing make `patches.isActive` true, which sends every
/// resolution down the general path, so a double or a trace never misses a warm component.
extension BlockComponentFactory {
    /// The component of `entry` as `T`, obeying its scope: where every public lookup that found its
    /// entry ends. Specialized in the caller, so a warm component whose entry declares exactly the class
    /// `T` is handed back without a call or a dynamic cast, and a prepared prototype or objectGraph that
    /// needs no resolution is built with one call; everything else goes out of line.
    ///
    /// - Parameter thread: this thread's state, when the caller already read it.
    @inlinable
    func resolve<T>(
        _ entry: RegistryEntry, as type: T.Type, thread: CurrentThread? = nil
    ) throws(ResolutionError) -> T {
        if !patches.isActive {
            if let warm: T = warmComponent(in: entry) { return warm }
            if entry.isPrepared, let make = entry.detachedMake, instancePostProcessors.isEmpty,
               let built = try buildDetached(entry, make, thread: thread ?? ThreadState.current) {
                return try typed(built, of: entry, as: T.self, path: [])
            }
        }
        return try typed(component(of: entry, thread: thread), of: entry, as: T.self, path: [])
    }

    /// The component of `entry` when it is not warm: prepared first, built without a resolution when it
    /// needs none, otherwise in one. Not generic, so the engine behind it stays out of the caller's module.
    @usableFromInline
    func component(of entry: RegistryEntry, thread: CurrentThread?) throws(ResolutionError) -> Any {
        if !entry.isPrepared { try prepare(entry, path: []) }
        if !patches.isActive, let make = entry.detachedMake, instancePostProcessors.isEmpty,
           let built = try buildDetached(entry, make, thread: thread ?? ThreadState.current) {
            return built
        }
        if entry.reach.mayAwait { try checkSynchronouslyBuildable(entry) }
        return try withResolution(of: .entry(entry)) { context throws(ResolutionError) in try context.instance(of: entry) }
    }

    /// Refuses, before anything is built, a synchronous resolution whose graph reaches an async
    /// initializer of a component not built yet, naming the path to it.
    func checkSynchronouslyBuildable(_ entry: RegistryEntry) throws(ResolutionError) {
        guard ThreadState.current.pointee.resolutions.current == nil, let path = AsyncReach.path(toAsyncFrom: entry, in: self) else { return }
        throw .asyncRequired(entry.key, asyncPath: path)
    }

    /// Builds a component that needs no resolution (see `RegistryEntry.detachedMake`), unless one is
    /// running on this thread: a component resolving from inside an initializer joins that graph.
    /// Called from the caller's specialized code: it runs for every prototype and objectGraph component
    /// that injects nothing, where going through `component(of:thread:)` costs about 40 instructions of
    /// 1,250.
    @usableFromInline
    func buildDetached(
        _ entry: RegistryEntry, _ make: @Sendable (Resolver) throws -> Any, thread: CurrentThread
    ) throws(ResolutionError) -> Any? {
        // Inside another detached build (an initializer resolving from the factory), take the general
        // path, whose depth and cycle checks stop an initializer that resolves itself.
        guard thread.pointee.resolutions.current == nil, !thread.pointee.resolutions.isBuildingDetached else { return nil }
        thread.pointee.resolutions.isBuildingDetached = true
        defer { thread.pointee.resolutions.isBuildingDetached = false }
        // The initializer only produces fixed values, so it never uses its resolver; it gets one that
        // belongs to no resolution and refuses every request, should that ever change.
        do {
            return try make(Resolver())
        } catch {
            throw Self.detachedBuildFailed(entry, error)
        }
    }

    /// The error a detached build throws: a resolution error as it is, anything else wrapped.
    static func detachedBuildFailed(_ entry: RegistryEntry, _ error: any Error) -> ResolutionError {
        if let resolutionError = error as? ResolutionError { return resolutionError }
        return .componentFailed(entry.key, error: error, path: [entry.key])
    }

    /// A warm singleton or lazySingleton, read without a lock, a dictionary of strings, or a dynamic cast;
    /// `nil` sends the caller to the general path.
    @inlinable
    func warmComponent<T>(in entry: RegistryEntry) -> T? {
        // The box was made for the declared type, so when that is T the downcast cannot fail.
        guard entry.declaredTypeID == ObjectIdentifier(T.self), let box = entry.cell?.publishedBox else { return nil }
        return uncheckedCast(box, to: TypedBox<T>.self).value
    }

    /// Runs `body` in the resolution of this factory already running on this thread, if any (a component
    /// resolving from inside its initializer joins the graph being built, even through another factory's
    /// resolution), otherwise in a new top-level resolution, which reuses the thread's spare context.
    ///
    /// - Parameter subject: what is resolved, for the error of a closed child.
    func withResolution<R>(
        of subject: ResolutionSubject = .unnamed, _ body: (ResolutionContext) throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        let thread = ThreadState.current
        let enclosing = thread.pointee.resolutions.current
        var candidate = enclosing
        while let current = candidate {
            if current.factory === self, !current.run.isFinished { return try body(current) }
            candidate = current.run.enclosing
        }
        // A child counts its resolutions, so that `close()` can wait for them to end.
        if let childLifetime {
            let gate = childLifetime.enter()
            if gate != .open {
                throw .factoryClosed(subject, gate, reachedFromChild: enclosing?.factory.descends(from: self) == true)
            }
        }
        defer { childLifetime?.leave() }
        let context = thread.pointee.resolutions.spare ?? ResolutionContext()
        thread.pointee.resolutions.spare = nil
        context.begin(factory: self, enclosing: enclosing, stackFloor: thread.pointee.resolutions.stackFloor)
        if let pending = thread.pointee.resolutions.pendingTracer, pending.factory == ObjectIdentifier(self) {
            context.detours.tracer = pending.tracer
        }
        thread.pointee.resolutions.current = context
        defer {
            thread.pointee.resolutions.current = enclosing
            if thread.pointee.resolutions.spare == nil { thread.pointee.resolutions.spare = context }
        }
        do throws(ResolutionError) {
            let result = try body(context)
            context.complete()
            return result
        } catch {
            context.abandon()
            throw error
        }
    }
}

/// A component of `entry` as `T`. When the entry declares exactly `T` and `T` is a class, the component
/// is an instance of `T` or of a subclass — a build of the `Definition<T>` (its initializer returns `T`),
/// a patch's double (typed `T`), or an instance post-processor's replacement (checked to be a `T`) — so
/// it is reinterpreted without a dynamic cast; anything else is cast, and a mismatch is reported.
///
/// Specialized where `T` is known, so the class test folds to a constant.
@inlinable
func typed<T>(
    _ component: Any, of entry: RegistryEntry, as type: T.Type, path: @autoclosure () -> [String]
) throws(ResolutionError) -> T {
    if T.self is AnyClass, entry.declaredTypeID == ObjectIdentifier(T.self) { return reinterpret(component, as: T.self) }
    return try cast(component, of: entry, as: T.self, path: path())
}

/// Kept out of line: a conditional cast makes its caller fetch `Optional<T>`'s metadata on entry.
@inline(never) @usableFromInline
func cast<T>(_ component: Any, of entry: RegistryEntry, as type: T.Type, path: [String]) throws(ResolutionError) -> T {
    if let typed = component as? T { return typed }
    throw .typeMismatch(entry.key, builds: entry.definition.declaredType, requested: type, path: path + [entry.key])
}

/// What a resolution is asked for, named in the error of a closed child only: made for every resolution
/// that takes the general path, so it holds what the caller has at hand, unformatted.
enum ResolutionSubject: Sendable {
    case unnamed
    case entry(RegistryEntry)
    case reference(DefinitionReference)
    case key(String)
    case type(Any.Type)

    /// The definition key, for an error's path (a type is no key).
    var key: String? {
        if case .type = self { return nil }
        return name
    }

    /// The key or type, as messages name it.
    var name: String? {
        switch self {
        case .unnamed: nil
        case .entry(let entry): entry.key
        case .reference(let reference): BlockComponentFactory.key(of: reference)
        case .key(let key): key
        case .type(let type): typeName(type)
        }
    }
}
