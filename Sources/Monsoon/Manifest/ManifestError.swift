/// Why a factory could not be started from a manifest. Nothing is activated when one is thrown.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``ManifestError``.
    public typealias Kind = Monsoon.Kind<ManifestError>

    /// What kind of failure this is.
    public let kind: Kind
    /// The manifest file's name (or the name given for manifest data).
    public let manifest: String
    /// The configuration failure, for `ManifestError.Kind.configuration`.
    public let configurationError: ConfigurationError?
    /// The activation failure, for ``Kind/activation``.
    public let activationError: ActivationError?
    /// The full message.
    public let description: String

    init(_ kind: Kind, manifest: String, _ message: String,
         configurationError: ConfigurationError? = nil, activationError: ActivationError? = nil) {
        self.kind = kind
        self.manifest = manifest
        self.configurationError = configurationError
        self.activationError = activationError
        self.description = "Cannot start from manifest \(manifest): \(message)"
    }
}

extension Kind where Subject == ManifestError {
    /// The manifest file does not exist or cannot be read.
    public static var missingFile: Self { Self(name: "missingFile") }
    /// The manifest is not JSON.
    public static var notJSON: Self { Self(name: "notJSON") }
    /// The manifest is JSON of the wrong shape; the message gives the JSON path.
    public static var wrongShape: Self { Self(name: "wrongShape") }
    /// The manifest's `version` is not one this Monsoon reads.
    public static var unsupportedVersion: Self { Self(name: "unsupportedVersion") }
    /// No type has a listed name.
    public static var unknownType: Self { Self(name: "unknownType") }
    /// A listed type is not an `Assembly`.
    public static var notAnAssembly: Self { Self(name: "notAnAssembly") }
    /// A listed assembly does not conform to ``ManifestLoadable``.
    public static var notLoadable: Self { Self(name: "notLoadable") }
    /// The same assembly is listed twice.
    public static var duplicateAssembly: Self { Self(name: "duplicateAssembly") }
    /// The requested environment is not in the manifest.
    public static var unknownEnvironment: Self { Self(name: "unknownEnvironment") }
    /// A configuration file is missing or malformed; ``ManifestError/configurationError`` says which.
    public static var configuration: Self { Self(name: "configuration") }
    /// The assemblies failed to activate; ``ManifestError/activationError`` says why.
    public static var activation: Self { Self(name: "activation") }
}
