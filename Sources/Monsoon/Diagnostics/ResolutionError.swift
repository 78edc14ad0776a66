/// Why a component could not be resolved.
///
/// The ``description`` is the full message: what failed, the resolution path
/// (`A → B → C`), and how to fix it. ``kind`` is stable for matching in code.
///
/// ```swift
/// do { _ = try factory.resolve(Knight.self) }
/// catch where error.kind == .noDefinitionForType { … }
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``ResolutionError``; new kinds may be added without breaking code that
    /// matches the existing ones.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// No definition has the requested key.
        public static let unknownKey = Kind(name: "unknownKey")
        /// No definition declares the requested type.
        public static let noDefinitionForType = Kind(name: "noDefinitionForType")
        /// More than one definition declares the requested type.
        public static let ambiguousType = Kind(name: "ambiguousType")
        /// An abstract definition was requested for building.
        public static let abstractDefinition = Kind(name: "abstractDefinition")
        /// Two or more initializers need each other.
        public static let initializerCycle = Kind(name: "initializerCycle")
        /// The definition builds a type other than the one requested.
        public static let typeMismatch = Kind(name: "typeMismatch")
        /// A definition was used that its assembly does not list in ``Assembly/definitions``.
        public static let undeclaredDefinition = Kind(name: "undeclaredDefinition")
        /// A definition method of an assembly type that this factory did not activate was used.
        public static let assemblyNotActivated = Kind(name: "assemblyNotActivated")
        /// A weak singleton built something that cannot be held weakly.
        public static let weakSingletonOfValueType = Kind(name: "weakSingletonOfValueType")
        /// A ``Resolver`` was used outside the resolution that provided it.
        public static let resolverOutsideResolution = Kind(name: "resolverOutsideResolution")
        /// Code the definition runs (initializer, injected method, closure) threw an error.
        public static let componentFailed = Kind(name: "componentFailed")
        /// A parameterized definition's parent is missing, incompatible, or part of a parent cycle.
        public static let invalidParent = Kind(name: "invalidParent")
        /// A definition with runtime arguments is scoped `singleton`, which is built at activation,
        /// before any arguments exist.
        public static let singletonWithArguments = Kind(name: "singletonWithArguments")
        /// Runtime arguments passed by key do not match the definition's parameters.
        public static let argumentMismatch = Kind(name: "argumentMismatch")
        /// An instance post-processor returned something that is not the definition's type.
        public static let postProcessorMismatch = Kind(name: "postProcessorMismatch")
        /// A factory reference was used after its factory was released.
        public static let factoryReleased = Kind(name: "factoryReleased")
        /// A configuration value is missing or does not convert; `underlyingError` is the
        /// ``ConfigurationError``.
        public static let configuration = Kind(name: "configuration")
        /// Resolutions on different threads wait for each other's unfinished shared components.
        public static let concurrentCycle = Kind(name: "concurrentCycle")
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// The definition key, type or key string that could not be resolved.
    public let subject: String
    /// The chain of definition keys being built when the failure happened, outermost first; empty when
    /// the request failed before building anything.
    public let path: [String]
    /// The error thrown by user code, for ``Kind/componentFailed``.
    public let underlyingError: (any Error)?
    /// The complete message: what failed, the path, and how to fix it.
    public let description: String

    init(_ kind: Kind, subject: String, path: [String], summary: String, advice: [String] = [],
         underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.subject = subject
        self.path = path
        self.underlyingError = underlyingError
        var lines = ["Cannot resolve \(subject): \(summary)"]
        if path.count > 1 { lines.append("  " + path.joined(separator: " → ")) }
        lines += advice.map { "  " + $0 }
        self.description = lines.joined(separator: "\n")
    }
}
