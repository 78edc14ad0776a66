/// Why a factory could not be started from a manifest. Nothing is activated when one is thrown.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``ManifestError``.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The manifest file does not exist or cannot be read.
        public static let missingFile = Kind(name: "missingFile")
        /// The manifest is not JSON.
        public static let notJSON = Kind(name: "notJSON")
        /// The manifest is JSON of the wrong shape; the message gives the JSON path.
        public static let wrongShape = Kind(name: "wrongShape")
        /// The manifest's `version` is not one this Monsoon reads.
        public static let unsupportedVersion = Kind(name: "unsupportedVersion")
        /// No type has a listed name.
        public static let unknownType = Kind(name: "unknownType")
        /// A listed type is not an `Assembly`.
        public static let notAnAssembly = Kind(name: "notAnAssembly")
        /// A listed assembly does not conform to ``ManifestLoadable``.
        public static let notLoadable = Kind(name: "notLoadable")
        /// The same assembly is listed twice.
        public static let duplicateAssembly = Kind(name: "duplicateAssembly")
        /// The requested environment is not in the manifest.
        public static let unknownEnvironment = Kind(name: "unknownEnvironment")
        /// A configuration file is missing or malformed; ``configurationError`` says which.
        public static let configuration = Kind(name: "configuration")
        /// The assemblies failed to activate; ``activationError`` says why.
        public static let activation = Kind(name: "activation")
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// The manifest file's name (or the name given for manifest data).
    public let manifest: String
    /// The configuration failure, for ``Kind/configuration``.
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
