import Foundation

/// The process-wide default factory (Typhoon's `makeDefault` / `defaultFactory`), for code that cannot
/// be handed the factory, such as objects created by a framework.
extension BlockComponentFactory {
    /// Makes this factory the default one, replacing any previous default.
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

    /// The default factory, if one was made default.
    public static var defaultFactory: BlockComponentFactory? {
        defaultFactoryStorage.current
    }

    /// The default factory.
    ///
    /// - Throws: `ResolutionError.Kind.noDefaultFactory` when no factory was made default.
    public static func requireDefault() throws(ResolutionError) -> BlockComponentFactory {
        guard let factory = defaultFactory else { throw .noDefaultFactory() }
        return factory
    }

    /// Clears the default factory, releasing it if nothing else holds it (useful between tests).
    public static func clearDefault() {
        defaultFactoryStorage.withLock { $0 = nil }
    }
}

/// The default factory behind a lock, so any thread may read or replace it.
private let defaultFactoryStorage = Locked<BlockComponentFactory?>(nil)
