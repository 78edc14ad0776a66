import Monsoon

/// Why a URL could not be routed. The message names the URL and, for an unmatched one, the nearest
/// registered patterns.
public struct RouterError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``RouterError``.
    public enum Kind: String, Sendable, CustomStringConvertible {
        /// The text is not a URL with a scheme.
        case malformedURL
        /// No registered pattern matches the URL.
        case noRoute
        /// A pattern cannot be registered: no scheme, `*` before the end, a parameter named twice.
        case invalidPattern
        /// The same pattern was registered twice.
        case duplicateRoute
        /// The handler read a parameter the URL does not have.
        case missingParameter
        /// A parameter's text does not convert to the type the route needs.
        case invalidParameter
        /// Opening a URL led back to opening the same URL on the same thread (a redirect loop), or opens
        /// nested too deep.
        case routeLoop
        /// The handler threw, or the routed definition failed to build.
        case handlerFailed

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// Registered patterns or parameter names near the one given, nearest first.
    public let suggestions: [String]
    /// What the handler or the definition's resolution threw, for ``Kind/handlerFailed``.
    public let underlyingError: (any Error)?
    /// The full message.
    public let description: String

    init(_ kind: Kind, _ summary: String, suggestions: [String] = [], underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.suggestions = suggestions
        self.underlyingError = underlyingError
        self.description = sentence(summary, suggesting: suggestions)
    }
}
