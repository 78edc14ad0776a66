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
        DefaultFactoryStorage.shared.factory = self
    }

    /// The default factory, if one was made default.
    public static var defaultFactory: BlockComponentFactory? {
        DefaultFactoryStorage.shared.factory
    }

    /// The default factory.
    ///
    /// - Throws: ``ResolutionError/Kind/noDefaultFactory`` when no factory was made default.
    public static func requireDefault() throws(ResolutionError) -> BlockComponentFactory {
        guard let factory = defaultFactory else { throw .noDefaultFactory() }
        return factory
    }

    /// Clears the default factory, releasing it if nothing else holds it (useful between tests).
    public static func clearDefault() {
        DefaultFactoryStorage.shared.factory = nil
    }
}

/// The default factory behind a lock, so any thread may read or replace it.
private final class DefaultFactoryStorage: @unchecked Sendable {
    static let shared = DefaultFactoryStorage()
    private let lock = NSLock()
    private var stored: BlockComponentFactory?

    var factory: BlockComponentFactory? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
