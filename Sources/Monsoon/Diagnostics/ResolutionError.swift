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
    public typealias Kind = Monsoon.Kind<ResolutionError>

    /// What kind of failure this is.
    public let kind: Kind
    /// The definition key, type or key string that could not be resolved.
    public let subject: String
    /// The chain of definition keys being built when the failure happened, outermost first; empty when
    /// the request failed before building anything.
    public let path: [String]
    /// The error thrown by user code, for ``Kind/componentFailed``.
    public let underlyingError: (any Error)?
    /// The complete message: what failed, the path, the property or method being injected when it
    /// failed, and how to fix it.
    public var description: String {
        ([header] + (injectionSite.map { ["  While injecting \($0)."] } ?? []) + advice).joined(separator: "\n")
    }
    /// For an injection that asked for a component still in its initializer: the stack index of that
    /// component's frame, so that the injection can be postponed until the initializer returns.
    @usableFromInline var postponableUntil: Int?
    /// What failed, and the path.
    private let header: String
    /// The innermost property or method injection that was running, with the key it injects into.
    private var injectionSite: String?
    /// Whether the summary names the injection already, so that no line repeats it.
    var summaryNamesInjection = false
    private let advice: [String]

    init(_ kind: Kind, subject: String, path: [String], summary: String, advice: [String] = [],
         underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.subject = subject
        self.path = path
        self.underlyingError = underlyingError
        var header = "Cannot resolve \(subject): \(summary)"
        if path.count > 1 { header += "\n  " + Self.abbreviated(path).joined(separator: " → ") }
        self.header = header
        self.advice = advice.map { "  " + $0 }
    }

    /// This error, saying which injection was running: the innermost one, so an error passing through
    /// the injections of several components names the one that failed.
    @usableFromInline
    func injecting(_ site: String) -> ResolutionError {
        guard injectionSite == nil, !summaryNamesInjection else { return self }
        var copy = self
        copy.injectionSite = site
        return copy
    }

    /// A path short enough to read: a deep one keeps its first and last keys around the count of those
    /// left out.
    static func abbreviated(_ path: [String]) -> [String] {
        guard path.count > 12 else { return path }
        return path.prefix(5) + ["… \(path.count - 10) more …"] + path.suffix(5)
    }
}

extension Kind where Subject == ResolutionError {
    /// No definition has the requested key.
    public static var unknownKey: Self { Self(name: "unknownKey") }
    /// A definition whose initializer is isolated to the main actor was resolved synchronously from
    /// another thread.
    public static var mainActorRequired: Self { Self(name: "mainActorRequired") }
    /// A synchronous resolution needed a component whose initializer is `async`: resolve with
    /// `try await`. The path ends at that component.
    public static var asyncRequired: Self { Self(name: "asyncRequired") }
    /// No definition declares the requested type.
    public static var noDefinitionForType: Self { Self(name: "noDefinitionForType") }
    /// More than one definition declares the requested type.
    public static var ambiguousType: Self { Self(name: "ambiguousType") }
    /// An abstract definition was requested for building.
    public static var abstractDefinition: Self { Self(name: "abstractDefinition") }
    /// Two or more initializers need each other.
    public static var initializerCycle: Self { Self(name: "initializerCycle") }
    /// The definition builds a type other than the one requested.
    public static var typeMismatch: Self { Self(name: "typeMismatch") }
    /// A definition was used that its assembly does not list in ``Assembly/definitions``.
    public static var undeclaredDefinition: Self { Self(name: "undeclaredDefinition") }
    /// A definition method of an assembly type that this factory did not activate was used.
    public static var assemblyNotActivated: Self { Self(name: "assemblyNotActivated") }
    /// A weak singleton built something that cannot be held weakly.
    public static var weakSingletonOfValueType: Self { Self(name: "weakSingletonOfValueType") }
    /// A ``Resolver`` was used outside the resolution that provided it.
    public static var resolverOutsideResolution: Self { Self(name: "resolverOutsideResolution") }
    /// Code the definition runs (initializer, injected method, closure) threw an error.
    public static var componentFailed: Self { Self(name: "componentFailed") }
    /// A definition declared with `define(_:_:)` failed, when first needed, a check that activation runs
    /// on the definitions it evaluates (a reference to a definition no assembly lists, a configuration
    /// key, a parent, a property type): the message is activation's.
    /// ``BlockComponentFactory/validate(buildingOpaqueDefinitions:)`` finds the same at start-up.
    public static var invalidDefinition: Self { Self(name: "invalidDefinition") }
    /// A parameterized definition's parent is missing, incompatible, or part of a parent cycle.
    public static var invalidParent: Self { Self(name: "invalidParent") }
    /// A definition with runtime arguments is scoped `singleton`, which is built at activation,
    /// before any arguments exist.
    public static var singletonWithArguments: Self { Self(name: "singletonWithArguments") }
    /// Runtime arguments passed by key do not match the definition's parameters.
    public static var argumentMismatch: Self { Self(name: "argumentMismatch") }
    /// An instance post-processor returned something that is not the definition's type.
    public static var postProcessorMismatch: Self { Self(name: "postProcessorMismatch") }
    /// A factory reference was used after its factory was released.
    public static var factoryReleased: Self { Self(name: "factoryReleased") }
    /// ``BlockComponentFactory/requireDefault()`` was called before any factory was made the default.
    public static var noDefaultFactory: Self { Self(name: "noDefaultFactory") }
    /// A configuration value is missing or does not convert; `underlyingError` is the
    /// ``ConfigurationError``.
    public static var configuration: Self { Self(name: "configuration") }
    /// Resolutions on different threads wait for each other's unfinished shared components.
    public static var concurrentCycle: Self { Self(name: "concurrentCycle") }
    /// The resolution grew deeper than ``ResolutionLimits/maximumDepth``, or was about to run out of its
    /// thread's stack: a definition that refers to itself with new runtime arguments, or a chain of
    /// definitions too deep for the thread.
    public static var depthLimitExceeded: Self { Self(name: "depthLimitExceeded") }
    /// Another thread did not finish building a shared component within
    /// ``ResolutionLimits/sharedBuildWait``: typically its initializer blocks on work that needs this
    /// thread's resolution.
    public static var sharedBuildTimedOut: Self { Self(name: "sharedBuildTimedOut") }
}
