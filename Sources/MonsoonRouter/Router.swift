import Foundation
import Monsoon

/// Opens URLs (MGJRouter): patterns like `app://orders/:id` and `app://search/*` map to handlers or to
/// definitions, so a feature shows another's screen without importing it.
///
/// ```swift
/// try router.register("shop://orders/:id", to: OrdersAssembly.detail(id:))   // built with id as its runtime argument
/// try router.register("shop://search/*") { request in SearchResults(query: request.wildcard ?? "") }
///
/// let detail = try router.open("shop://orders/42?ref=home")
/// ```
///
/// The most specific pattern wins: compared segment by segment, a literal beats a `:parameter`, which
/// beats `*`. Path parameters and query items are percent-decoded; a definition's parameters are
/// converted to its method's argument types. Every failure is a typed ``RouterError``. A router holds its
/// factory weakly, so the factory can build one as a component (``RouterAssembly``).
public final class Router: Sendable {
    private let factory: FactoryReference?
    private let table = RouteTable()

    /// A router whose definition routes are built by the factory behind `factory` (inject `.factory()`).
    public init(factory: FactoryReference) {
        self.factory = factory
    }

    /// A router for handler routes only: a definition route needs ``init(factory:)``.
    public init() {
        self.factory = nil
    }

    /// Every registered pattern, as registered, sorted.
    public var patterns: [String] { table.routes.map(\.pattern.text).sorted() }

    /// Routes URLs matching `pattern` to `handler`, whose result ``open(_:context:)`` returns.
    ///
    /// - Throws: `RouterError.Kind.invalidPattern` or `RouterError.Kind.duplicateRoute`.
    public func register(_ pattern: String, handler: @escaping @Sendable (RouteRequest) throws -> Any) throws(RouterError) {
        try table.add(Route(pattern: try RoutePattern(pattern), handle: handler))
    }

    /// Routes URLs matching `pattern`, which has no parameters, to a definition: opening one resolves it.
    public func register<A: Assembly, T>(_ pattern: String, to method: @escaping @Sendable (A) -> () -> Definition<T>) throws(RouterError) {
        let parsed = try Self.pattern(pattern, parameters: 0)
        try table.add(Route(pattern: parsed) { [factory] _ in try Self.factory(factory, pattern).resolve(method) })
    }

    /// Routes URLs matching `pattern` to a parameterized definition: its one parameter is the pattern's
    /// parameter, converted from the URL's text.
    public func register<A: Assembly, T, P: LosslessStringConvertible & Hashable & Sendable>(
        _ pattern: String, to method: @escaping @Sendable (A) -> (P) -> Definition<T>
    ) throws(RouterError) {
        let parsed = try Self.pattern(pattern, parameters: 1)
        let names = parsed.parameterNames
        try table.add(Route(pattern: parsed) { [factory] request in
            try Self.factory(factory, pattern).resolve(method, try request.value(names[0], as: P.self))
        })
    }

    /// Routes URLs matching `pattern` to a parameterized definition with two parameters, the pattern's
    /// two parameters in order.
    public func register<A: Assembly, T, P: LosslessStringConvertible & Hashable & Sendable, Q: LosslessStringConvertible & Hashable & Sendable>(
        _ pattern: String, to method: @escaping @Sendable (A) -> (P, Q) -> Definition<T>
    ) throws(RouterError) {
        let parsed = try Self.pattern(pattern, parameters: 2)
        let names = parsed.parameterNames
        try table.add(Route(pattern: parsed) { [factory] request in
            try Self.factory(factory, pattern).resolve(method, try request.value(names[0], as: P.self), try request.value(names[1], as: Q.self))
        })
    }

    /// Whether a registered pattern matches `url`.
    public func canOpen(_ url: String) -> Bool {
        (try? match(url)) != nil
    }

    /// Opens `url` with the most specific matching route and returns what the route produced.
    ///
    /// - Parameter context: values for the handler besides the URL (a presenting screen, say).
    /// - Throws: ``RouterError``: `RouterError.Kind.malformedURL`, `RouterError.Kind.noRoute` (naming
    ///   the nearest patterns), `RouterError.Kind.missingParameter`, `RouterError.Kind.invalidParameter`,
    ///   `RouterError.Kind.routeLoop` (a handler that opens a URL routing back to itself) or
    ///   `RouterError.Kind.handlerFailed`.
    @discardableResult
    public func open(_ url: String, context: [String: any Sendable] = [:]) throws(RouterError) -> Any {
        let (route, parameters, wildcard) = try match(url)
        let request = RouteRequest(url: url, pattern: route.pattern.text, parameters: parameters, query: RouteURL.query(url),
                                   wildcard: wildcard, context: context)
        return try OpeningURLs.opening(url) { () throws(RouterError) -> Any in
            do {
                return try route.handle(request)
            } catch let error as RouterError {
                throw error
            } catch {
                throw RouterError(.handlerFailed, "Opening \(url) (pattern \(route.pattern.text)) failed: \(error)", underlyingError: error)
            }
        }
    }

    /// Opens `url` and hands the outcome to `completion` before returning (MGJRouter's completion form).
    public func open(_ url: String, context: [String: any Sendable] = [:], completion: (Result<Any, RouterError>) -> Void) {
        do throws(RouterError) {
            completion(.success(try open(url, context: context)))
        } catch {
            completion(.failure(error))
        }
    }

    private func match(_ url: String) throws(RouterError) -> (Route, [String: String], String?) {
        guard let (scheme, path) = RouteURL.split(url) else {
            throw RouterError(.malformedURL, "\"\(url)\" is not a URL with a scheme, like app://orders/42")
        }
        let segments = RouteURL.segments(path)
        let candidates = table.routes.compactMap { route in
            route.pattern.match(scheme: scheme, segments: segments).map { (route, $0.parameters, $0.wildcard) }
        }
        guard let best = candidates.max(by: { $0.0.pattern.specificity.lexicographicallyPrecedes($1.0.pattern.specificity) }) else {
            let patterns = table.routes.map(\.pattern.text)
            throw RouterError(.noRoute, "No route matches \(url) (routes: \(patterns.isEmpty ? "none" : patterns.sorted().joined(separator: ", ")))",
                              suggestions: nearestNames(to: url, among: patterns))
        }
        return best
    }

    private static func pattern(_ text: String, parameters count: Int) throws(RouterError) -> RoutePattern {
        let pattern = try RoutePattern(text)
        guard pattern.parameterNames.count == count else {
            throw RouterError(.invalidPattern, "The pattern \"\(text)\" has \(pattern.parameterNames.count) parameter(s), and its definition method takes \(count)")
        }
        return pattern
    }

    private static func factory(_ reference: FactoryReference?, _ pattern: String) throws -> BlockComponentFactory {
        guard let reference else {
            throw RouterError(.handlerFailed, "The route \(pattern) resolves a definition, and this router has no factory; make it with Router(factory:)")
        }
        return try reference.get()
    }
}

/// One registered route.
struct Route: Sendable {
    let pattern: RoutePattern
    let handle: @Sendable (RouteRequest) throws -> Any
}

/// The registered routes, safe to register into and open from any thread.
final class RouteTable: Sendable {
    private let stored = Locked<[Route]>([])

    var routes: [Route] { stored.current }

    func add(_ route: Route) throws(RouterError) {
        try stored.withLock { (routes: inout [Route]) throws(RouterError) in
            if let existing = routes.first(where: { $0.pattern.shape == route.pattern.shape }) {
                throw RouterError(.duplicateRoute, "The pattern \(route.pattern.text) is already registered (as \(existing.pattern.text))")
            }
            routes.append(route)
        }
    }
}
