import Monsoon

/// Why a mediator call failed. The message names the target and action, and suggests the nearest
/// valid names for a misspelt one.
public struct MediatorError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``MediatorError``.
    public typealias Kind = Monsoon.Kind<MediatorError>

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

extension Kind where Subject == MediatorError {
    /// No target has the name.
    public static var unknownTarget: Self { Self(name: "unknownTarget") }
    /// The target has no action with the name.
    public static var unknownAction: Self { Self(name: "unknownAction") }
    /// Two definitions build targets with the same name.
    public static var duplicateTarget: Self { Self(name: "duplicateTarget") }
    /// A parameter the action reads was not passed.
    public static var missingParameter: Self { Self(name: "missingParameter") }
    /// A parameter has another type than the action reads.
    public static var wrongParameterType: Self { Self(name: "wrongParameterType") }
    /// The action returned another type than the caller asked for.
    public static var wrongResultType: Self { Self(name: "wrongResultType") }
    /// The factory could not build the target (its `ResolutionError` is the underlying error), or is gone.
    public static var targetUnavailable: Self { Self(name: "targetUnavailable") }
    /// Actions performing actions nested without end (more than 64 deep on one thread).
    public static var callLoop: Self { Self(name: "callLoop") }
    /// The action threw.
    public static var actionFailed: Self { Self(name: "actionFailed") }
}
