import Monsoon

/// What a route's handler receives: the URL, the pattern that matched it, and its decoded parameters.
public struct RouteRequest: Sendable {
    /// The URL as opened.
    public let url: String
    /// The pattern that matched, as registered.
    public let pattern: String
    /// The path parameters (`:id`), percent-decoded.
    public let parameters: [String: String]
    /// The query items (`?ref=home`), percent-decoded.
    public let query: [String: String]
    /// What a final `*` matched (`lamp/red` for `app://search/*` and `app://search/lamp/red`).
    public let wildcard: String?
    /// What the caller passed to ``Router/open(_:context:)`` besides the URL.
    public let context: [String: any Sendable]

    /// A path parameter, or else a query item, converted to `type` (`Int`, `Bool`, `String`, …).
    ///
    /// - Throws: `RouterError.Kind.missingParameter` or `RouterError.Kind.invalidParameter`.
    public func value<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) throws(RouterError) -> T {
        guard let text = parameters[name] ?? query[name] else {
            throw RouterError(.missingParameter, "\(url) has no parameter \"\(name)\" (pattern \(pattern))",
                              suggestions: nearestNames(to: name, among: Array(parameters.keys) + Array(query.keys)))
        }
        guard let value = T(text) else {
            throw RouterError(.invalidParameter, "\(url): the parameter \"\(name)\" is \"\(text)\", which is not a valid \(typeName(type))")
        }
        return value
    }
}
