import Monsoon

/// Why a ``ModuleHost`` could not start its modules or deliver an event.
public struct LifecycleError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``LifecycleError``.
    public enum Kind: String, Sendable, CustomStringConvertible {
        /// The manifest could not be read (the underlying error is the `ManifestError`).
        case manifest
        /// A listed module type does not exist or is not a ``LifecycleModule``.
        case unknownModule
        /// A module type is listed twice.
        case duplicateModule
        /// An assembly given to `replacing:` is none of the host's assemblies (given, listed in the manifest,
        /// brought by a module, or a collaborator of one of them) nor a subclass of one, so it would replace
        /// nothing and stand beside the assembly it fakes.
        case replacesNothing
        /// The factory failed to activate (the underlying error is the `ActivationError`).
        case activation
        /// A module threw while handling an event.
        case moduleFailed
        /// An event arrived in the wrong order: `splash` before `start`, anything after `tearDown`.
        case wrongState

        public var description: String { rawValue }
    }

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
