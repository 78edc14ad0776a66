import Dispatch
import Foundation

// Main-actor components. The fixed-arity initializer forms are in Definition+Arities.swift; the
// compiler picks them for a `@MainActor` initializer, as in a module whose default isolation is the
// main actor. A main-actor component is built on the main actor,
// whole: its initializer, injections and hooks. A synchronous resolution checks that it runs there and
// throws `mainActorRequired` otherwise; an asynchronous one goes there for the component's build (see
// ResolutionContext+Async.swift).
//
// No `where T: Sendable`: a component exposed as an existential of an app's own protocol
// (`Definition<any HTTPClient>`) is not `Sendable` to the compiler, although the main-actor class behind
// it is. The closure parameters are `sending` instead, which is what keeps these overloads apart from
// the nonisolated ones: Swift rejects, as redeclarations, overloads whose function types differ only in
// a global actor (see Definition+Arities.swift).

extension Definition {
    /// What every main-actor initializer form comes to, with its arguments already evaluated.
    @inlinable
    init<each Source: Injectable>(
        packedOnMainActor initializer: @escaping @MainActor @Sendable (repeat (each Source).Value) throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString, function: StaticString, line: UInt, column: UInt, wiredByType: Bool = false
    ) {
        let pack = InjectionPack(repeat each arguments)
        let make: @Sendable (Resolver) throws -> T = { resolver in
            guard MainActorCall.isMainActor else { throw UnmetBuildRequirement(.mainActor, component: T.self) }
            return try pack.call({ (values: repeat (each Source).Value) throws -> T in
                let produced = SameThreadTransfer((repeat each values))
                return try MainActorCall.run { try initializer(repeat each produced.value) }
            }, resolver: resolver)
        }
        var recipe = Recipe<T>(initializer: Initializer(
            dependencies: pack.targets, parameterTypes: pack.parameterTypes, wiredByType: wiredByType, make: make))
        recipe.isMainActor = true
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition whose main-actor initializer takes any number of injected arguments: the form for
    /// more than six (up to six, the fixed-arity forms are chosen).
    @inlinable @_disfavoredOverload
    public init<each Source: Injectable>(
        _ initializer: sending @escaping @MainActor @Sendable (repeat (each Source).Value) throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedOnMainActor: initializer, repeat each arguments, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition wired by type whose initializer is isolated to the main actor: each parameter is the
    /// one component of its type (see the synchronous form, `Definition(Knight.init(quest:horse:))`).
    @inlinable @_disfavoredOverload
    public init<each Parameter>(
        _ initializer: sending @escaping @MainActor @Sendable (repeat each Parameter) throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedOnMainActor: initializer, repeat Injection<each Parameter>.byType(),
                  fileID: fileID, function: function, line: line, column: column, wiredByType: true)
    }

    /// What every main-actor `async` initializer form comes to, with its arguments already evaluated: the
    /// arguments are produced on the main actor within the resolution, then the initializer is awaited
    /// there, outside every synchronous part of it.
    @inlinable
    init<each Source: Injectable>(
        packedOnMainActorAsync initializer: @escaping @MainActor @Sendable (repeat (each Source).Value) async throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString, function: StaticString, line: UInt, column: UInt, wiredByType: Bool = false
    ) {
        let pack = InjectionPack(repeat each arguments)
        let makeAsync: @Sendable (Resolver) throws -> PendingCall<T> = { resolver in
            try pack.call({ (values: repeat (each Source).Value) in
                MainActorCall.pendingCall(initializer, repeat each values)
            }, resolver: resolver)
        }
        var recipe = Recipe<T>(initializer: Initializer(
            dependencies: pack.targets, parameterTypes: pack.parameterTypes, wiredByType: wiredByType, makeAsync: makeAsync))
        recipe.isMainActor = true
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition whose main-actor `async` initializer takes any number of injected arguments: the form
    /// for more than six (up to six, the fixed-arity forms are chosen).
    @inlinable @_disfavoredOverload
    public init<each Source: Injectable>(
        _ initializer: sending @escaping @MainActor @Sendable (repeat (each Source).Value) async throws -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedOnMainActorAsync: initializer, repeat each arguments, fileID: fileID, function: function, line: line, column: column)
    }

    /// A definition wired by type whose initializer is isolated to the main actor and `async`.
    @inlinable @_disfavoredOverload
    public init<each Parameter>(
        _ initializer: sending @escaping @MainActor @Sendable (repeat each Parameter) async throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line, column: UInt = #column
    ) {
        self.init(packedOnMainActorAsync: initializer, repeat Injection<each Parameter>.byType(),
                  fileID: fileID, function: function, line: line, column: column, wiredByType: true)
    }

    /// A definition built by a main-actor closure that may resolve anything through the resolver:
    /// `Definition { @MainActor resolver in ForecastViewModel(client: try resolver(client())) }`.
    ///
    /// The closure runs on the main actor; see the fixed-arity initializer forms for the form
    /// Swift picks for a main-actor initializer.
    public init(
        resolving build: sending @escaping @MainActor @Sendable (Resolver) throws -> T,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let make: @Sendable (Resolver) throws -> T = { resolver in
            guard MainActorCall.isMainActor else { throw UnmetBuildRequirement(.mainActor, component: T.self) }
            let handed = SameThreadTransfer(resolver)
            return try MainActorCall.run { try build(handed.value) }
        }
        var recipe = Recipe<T>(initializer: Initializer(dependencies: [.opaque], takesRewrites: false, make: make))
        recipe.isMainActor = true
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }

    /// Adds a main-actor hook called right after the component is created, before its injections:
    /// `.beforeInjections { @MainActor model in model.prepare() }`. The component is then built on the
    /// main actor, whatever its initializer.
    public func beforeInjections(_ hook: sending @escaping @MainActor @Sendable (T) -> Void) -> Definition<T> {
        var copy = requiringMainActor()
        copy.recipe.beforeInjections.append(MainActorCall.hook(hook))
        return copy
    }

    /// Adds a main-actor hook called once the component and everything it references are injected:
    /// `.afterInjections { @MainActor model in model.start() }`. The component is then built on the main
    /// actor, whatever its initializer.
    public func afterInjections(_ hook: sending @escaping @MainActor @Sendable (T) -> Void) -> Definition<T> {
        var copy = requiringMainActor()
        copy.recipe.afterInjections.append(MainActorCall.hook(hook))
        return copy
    }

    /// Adds a main-actor teardown hook (see `teardown(_:)`), which a child's `close()` runs on
    /// the main actor: `.teardown { @MainActor model in model.stop() }`. The component is then built on
    /// the main actor, whatever its initializer.
    public func teardown(_ hook: sending @escaping @MainActor @Sendable (T) -> Void) -> Definition<T> {
        var copy = requiringMainActor()
        copy.recipe.teardowns.append(MainActorCall.hook(hook))
        return copy
    }

    /// This definition, built on the main actor: its initializer checks where it runs first.
    func requiringMainActor() -> Definition<T> {
        guard !recipe.isMainActor else { return self }
        var copy = self
        copy.recipe.isMainActor = true
        if let initializer = recipe.initializer, !initializer.isAsync {
            let make = initializer.make
            copy.recipe.initializer = Initializer(dependencies: initializer.dependencies, parameterTypes: initializer.parameterTypes,
                                                     takesRewrites: initializer.takesRewrites) { resolver in
                guard MainActorCall.isMainActor else { throw UnmetBuildRequirement(.mainActor, component: T.self) }
                return try make(resolver)
            }
        }
        return copy
    }
}

/// Values handed to main-actor code that runs synchronously on the calling thread, which was checked to
/// be the main actor's: nothing else can reach them while it runs, so they need not be `Sendable`.
/// (Swift cannot see that `assumeIsolated` runs its body right here.)
@usableFromInline
struct SameThreadTransfer<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

/// Runs main-actor code from a synchronous build, after checking without trapping that it runs there.
@usableFromInline
enum MainActorCall: Sendable {
    /// Marks the main queue, which the main actor's jobs run on: where `dispatchMain()` has retired the
    /// main thread (Linux, command-line tools), they run on another thread that is running that queue.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling code is on the main actor: on the main thread, or running the main queue.
    @usableFromInline
    static var isMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    @usableFromInline
    static func run<T>(_ body: @MainActor () throws -> T) throws -> T {
        // Checked by the caller; checked again, because assumeIsolated stops the process when wrong.
        guard isMainActor else { throw UnmetBuildRequirement(.mainActor, component: T.self) }
        // The component comes back on this same thread, so it need not be `Sendable` to cross.
        return try MainActor.assumeIsolated { SameThreadTransfer(try body()) }.value
    }

    /// A main-actor hook as the engine calls hooks: the component's build checked it runs on the main
    /// actor before any hook, so the hook only skips (never traps) should that ever not hold.
    static func hook<T>(_ hook: @escaping @MainActor @Sendable (T) -> Void) -> @Sendable (T) -> Void {
        { component in
            guard isMainActor else { return }
            let handed = SameThreadTransfer(component)
            MainActor.assumeIsolated { hook(handed.value) }
        }
    }

    /// A main-actor `async` initializer's call with its arguments, awaited on the main actor. The values
    /// were produced on the main actor by the resolution (a main-actor component's steps run there), whose
    /// task is suspended until the call has run: they cross to the initializer, and the component back,
    /// once each, in order, so neither need be `Sendable`.
    @usableFromInline
    static func pendingCall<each Value, T>(
        _ initializer: @escaping @MainActor @Sendable (repeat each Value) async throws -> T, _ values: repeat each Value
    ) -> PendingCall<T> {
        let produced = SuspendedHandOff((repeat each values))
        return PendingCall {
            try await awaitOnMainActor { try await initializer(repeat each produced.value) }.value
        }
    }

    @MainActor
    private static func awaitOnMainActor<T>(_ body: @MainActor () async throws -> T) async throws -> SuspendedHandOff<T> {
        SuspendedHandOff(try await body())
    }
}
