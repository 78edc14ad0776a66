import Monsoon

/// Why a ``ModuleHost`` could not start its modules or deliver an event.
public struct LifecycleError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``LifecycleError``.
    public typealias Kind = Monsoon.Kind<LifecycleError>

    /// What kind of failure this is.
    public let kind: Kind
    /// What went wrong underneath: the `ManifestError`, the `ActivationError`, or what a module threw.
    public let underlyingError: (any Error)?
    /// The full message.
    public let description: String

    init(_ kind: Kind, _ description: String, underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.underlyingError = underlyingError
        self.description = description
    }
}

extension Kind where Subject == LifecycleError {
    /// The manifest could not be read (the underlying error is the `ManifestError`).
    public static var manifest: Self { Self(name: "manifest") }
    /// A listed module type does not exist or is not a ``LifecycleModule``.
    public static var unknownModule: Self { Self(name: "unknownModule") }
    /// A module type is listed twice.
    public static var duplicateModule: Self { Self(name: "duplicateModule") }
    /// The factory failed to activate (the underlying error is the `ActivationError`).
    public static var activation: Self { Self(name: "activation") }
    /// A module threw while handling an event.
    public static var moduleFailed: Self { Self(name: "moduleFailed") }
    /// An event arrived in the wrong order: `splash` before `start`, anything after `tearDown`.
    public static var wrongState: Self { Self(name: "wrongState") }
}
