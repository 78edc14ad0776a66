import Monsoon

/// Why a URL could not be routed. The message names the URL and, for an unmatched one, the nearest
/// registered patterns.
public struct RouterError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``RouterError``.
    public typealias Kind = Monsoon.Kind<RouterError>

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

extension Kind where Subject == RouterError {
    /// The text is not a URL with a scheme.
    public static var malformedURL: Self { Self(name: "malformedURL") }
    /// No registered pattern matches the URL.
    public static var noRoute: Self { Self(name: "noRoute") }
    /// A pattern cannot be registered: no scheme, `*` before the end, a parameter named twice.
    public static var invalidPattern: Self { Self(name: "invalidPattern") }
    /// The same pattern was registered twice.
    public static var duplicateRoute: Self { Self(name: "duplicateRoute") }
    /// The handler read a parameter the URL does not have.
    public static var missingParameter: Self { Self(name: "missingParameter") }
    /// A parameter's text does not convert to the type the route needs.
    public static var invalidParameter: Self { Self(name: "invalidParameter") }
    /// Opening a URL led back to opening the same URL on the same thread (a redirect loop), or opens
    /// nested too deep.
    public static var routeLoop: Self { Self(name: "routeLoop") }
    /// The handler threw, or the routed definition failed to build.
    public static var handlerFailed: Self { Self(name: "handlerFailed") }
}
