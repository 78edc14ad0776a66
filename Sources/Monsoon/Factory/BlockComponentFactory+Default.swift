import Foundation

/// The default factory (Typhoon's `makeDefault` / `defaultFactory`), for code that cannot be handed the
/// factory, such as objects created by a framework: the one the current task was given with
/// `withDefaultFactory(_:operation:)`, otherwise the process-wide one.
extension BlockComponentFactory {
    /// Makes this factory the process-wide default one, replacing any previous default. A task given
    /// a factory with `withDefaultFactory(_:operation:)` (or a test with MonsoonTesting's
    /// factory trait) sees that one instead.
    ///
    /// ```swift
    /// let factory = try BlockComponentFactory(manifest: manifestURL)
    /// factory.makeDefault()
    /// // anywhere, on any thread:
    /// let presenter = try BlockComponentFactory.requireDefault().resolve(ForecastPresenter.self)
    /// ```
    public func makeDefault() {
        defaultFactoryStorage.withLock { $0 = self }
    }

    /// The default factory: the current task's, if it was given one, otherwise the process-wide one,
    /// if one was made default.
    public static var defaultFactory: BlockComponentFactory? {
        TaskDefaultFactory.factory ?? defaultFactoryStorage.current
    }

    /// The default factory: the current task's, otherwise the process-wide one.
    ///
    /// - Throws: `ErrorKind.noDefaultFactory` when there is neither, as in a `Task.detached` started
    ///   inside `withDefaultFactory(_:operation:)`, which does not inherit its task's default factory.
    public static func requireDefault() throws(ResolutionError) -> BlockComponentFactory {
        try requireDefault(reader: "BlockComponentFactory.requireDefault()", passing: "pass the factory in")
    }

    /// The default factory, for `reader`, which the error names with the way to hand it one instead.
    static func requireDefault(reader: @autoclosure () -> String, passing: String) throws(ResolutionError) -> BlockComponentFactory {
        guard let factory = defaultFactory else { throw .noDefaultFactory(reader: reader(), passing: passing) }
        return factory
    }

    /// Clears the process-wide default factory, releasing it if nothing else holds it.
    public static func clearDefault() {
        defaultFactoryStorage.withLock { $0 = nil }
    }
}

/// Runs `operation` with `factory` as the default factory of the current task and of the tasks it
/// creates: what ``BlockComponentFactory/requireDefault()`` and `@Injected` properties read there, before
/// the process-wide default. Tests running in parallel each give their own, and never see another's.
///
/// ```swift
/// try withDefaultFactory(testFactory) {
///     let controller = ForecastViewController()   // its @Injected properties resolve from testFactory
///     …
/// }
/// ```
///
/// - Parameters:
///   - factory: the default factory while `operation` runs.
///   - operation: the code that sees it.
/// - Returns: what `operation` returns.
public func withDefaultFactory<R>(_ factory: BlockComponentFactory, operation: () throws -> R) rethrows -> R {
    try TaskDefaultFactory.$factory.withValue(factory, operation: operation)
}

/// Runs asynchronous `operation` with `factory` as the default factory of the current task and of the
/// tasks it creates; see the synchronous form.
///
/// - Parameters:
///   - factory: the default factory while `operation` runs.
///   - operation: the code that sees it.
/// - Returns: what `operation` returns.
nonisolated(nonsending)
public func withDefaultFactory<R>(_ factory: BlockComponentFactory, operation: () async throws -> R) async rethrows -> R {
    try await TaskDefaultFactory.$factory.withValue(factory, operation: operation)
}

/// The default factory a task was given.
enum TaskDefaultFactory {
    @TaskLocal static var factory: BlockComponentFactory?
}

/// The process-wide default factory behind a lock, so any thread may read or replace it.
private let defaultFactoryStorage = Locked<BlockComponentFactory?>(nil)
