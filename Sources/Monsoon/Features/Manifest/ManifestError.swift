/// Why a factory could not be started from a manifest. Nothing is activated when one is thrown.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public let kind: ErrorKind
    /// The manifest file's name (or the name given for manifest data).
    public let manifest: String
    /// The configuration failure, for `ErrorKind.configuration`.
    public let configurationError: ConfigurationError?
    /// The activation failure, for ``ErrorKind/activation``.
    public let activationError: ActivationError?
    /// The full message.
    public let description: String

    init(_ kind: ErrorKind, manifest: String, _ message: String,
         configurationError: ConfigurationError? = nil, activationError: ActivationError? = nil) {
        self.kind = kind
        self.manifest = manifest
        self.configurationError = configurationError
        self.activationError = activationError
        self.description = "Cannot start from manifest \(manifest): \(message)"
    }
}
