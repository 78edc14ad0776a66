import Monsoon

/// Why a mediator call failed. The message names the target and action, and suggests the nearest
/// valid names for a misspelt one.
public struct MediatorError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``MediatorError``.
    public enum Kind: String, Sendable, CustomStringConvertible {
        /// No target has the name.
        case unknownTarget
        /// The target has no action with the name.
        case unknownAction
        /// Two definitions build targets with the same name.
        case duplicateTarget
        /// A parameter the action reads was not passed.
        case missingParameter
        /// A parameter has another type than the action reads.
        case wrongParameterType
        /// The action returned another type than the caller asked for.
        case wrongResultType
        /// The factory could not build the target (its `ResolutionError` is the underlying error), or is gone.
        case targetUnavailable
        /// Actions performing actions nested without end (more than 64 deep on one thread).
        case callLoop
        /// The action threw.
        case actionFailed

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// Valid names near the one given, nearest first.
    public let suggestions: [String]
    /// What the action or the target's resolution threw, for ``Kind/actionFailed`` and
    /// ``Kind/targetUnavailable``.
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
