/// What validating a factory's graph found: every finding at once, most severe first.
///
/// ```swift
/// let report = factory.validate()
/// if report.hasErrors { print(report) }
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: Int, Sendable, Comparable, CustomStringConvertible {
        /// Resolving the definition would fail.
        case error = 0
        /// Works, but probably not as intended.
        case warning = 1
        /// Worth knowing.
        case info = 2

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
        public var description: String { ["error", "warning", "info"][rawValue] }
    }

    /// The category of a finding.
    public typealias Kind = Monsoon.Kind<ValidationReport>

    /// One finding.
    public struct Finding: Sendable, CustomStringConvertible {
        /// How much it matters: an error stops a validating activation.
        public let severity: Severity
        /// What kind of finding it is, to match in code.
        public let kind: Kind
        /// The definition the finding is about.
        public let subject: String
        /// The definitions involved, in order (a cycle, a reference chain); may be just the subject.
        public let path: [String]
        /// The full sentence.
        public let message: String

        public var description: String { "\(severity): \(message)" }
    }

    /// Every finding, errors first, then warnings, then information.
    public let findings: [Finding]

    init(findings: [Finding]) {
        self.findings = findings.enumerated()
            .sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }
            .map(\.element)
    }

    /// Whether any finding is an error.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The findings of one severity.
    public func findings(_ severity: Severity) -> [Finding] { findings.filter { $0.severity == severity } }

    public var description: String {
        let counts = [Severity.error, .warning, .info].map { severity in
            let count = findings(severity).count
            return "\(count) \(severity)\(count == 1 ? "" : "s")"
        }
        return (["Validation: " + counts.joined(separator: ", ")] + findings.map { "  - \($0)" }).joined(separator: "\n")
    }
}

extension Kind where Subject == ValidationReport {
    /// Activation failed; the finding carries the activation problem (``BlockComponentFactory/validate(assemblies:configuration:buildingOpaqueDefinitions:)``).
    public static var activationProblem: Self { Self(name: "activationProblem") }
    /// A definition references one that no activated assembly lists (inside a parameterized
    /// definition; a listed definition that does fails activation with the same kind).
    public static var undeclaredDefinition: Self { Self(name: "undeclaredDefinition") }
    /// Initializers need each other in a cycle that no property or method injection breaks.
    public static var initializerCycle: Self { Self(name: "initializerCycle") }
    /// An abstract definition is injected, where it can only be a parent.
    public static var abstractReferenced: Self { Self(name: "abstractReferenced") }
    /// A parameterized definition is a `.singleton`, which activation cannot build without arguments.
    public static var singletonWithArguments: Self { Self(name: "singletonWithArguments") }
    /// An injection by type that no definition declares.
    public static var noCandidateForType: Self { Self(name: "noCandidateForType") }
    /// An injection by type that several definitions declare.
    public static var ambiguousType: Self { Self(name: "ambiguousType") }
    /// A singleton or lazySingleton holds a shorter-lived component for the factory's lifetime.
    public static var captiveDependency: Self { Self(name: "captiveDependency") }
    /// A definition has closure injections, whose dependencies validation cannot see.
    public static var opaqueDefinition: Self { Self(name: "opaqueDefinition") }
    /// Building a definition with closure injections failed (`validate(buildingOpaqueDefinitions: true)`).
    public static var opaqueDefinitionFailed: Self { Self(name: "opaqueDefinitionFailed") }
    /// A registered definition no other definition injects: a root resolved from outside, or one left over.
    public static var unused: Self { Self(name: "unused") }
    /// References lead through more parameterized definitions than the graph follows: a definition that
    /// injects itself with new runtime arguments.
    public static var unboundedRecursion: Self { Self(name: "unboundedRecursion") }
    /// A synchronous definition reaches an `async` initializer: it is resolved with `try await`, and a
    /// synchronous resolution throws `ResolutionError.Kind.asyncRequired`. The path ends at the async
    /// definition.
    public static var requiresAwait: Self { Self(name: "requiresAwait") }
}
