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
        public let severity: Severity
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
    public static var activationProblem: Self { Self(name: "activationProblem") }
    /// A definition references one that no activated assembly lists (inside a parameterized
    /// definition; a listed definition that does fails activation with the same kind).
    public static var undeclaredDefinition: Self { Self(name: "undeclaredDefinition") }
    /// The former name of ``undeclaredDefinition``.
    @available(*, deprecated, renamed: "undeclaredDefinition")
    public static var unknownReference: Self { undeclaredDefinition }
    public static var initializerCycle: Self { Self(name: "initializerCycle") }
    public static var abstractReferenced: Self { Self(name: "abstractReferenced") }
    public static var singletonWithArguments: Self { Self(name: "singletonWithArguments") }
    public static var noCandidateForType: Self { Self(name: "noCandidateForType") }
    public static var ambiguousType: Self { Self(name: "ambiguousType") }
    public static var captiveDependency: Self { Self(name: "captiveDependency") }
    public static var opaqueDefinition: Self { Self(name: "opaqueDefinition") }
    public static var opaqueDefinitionFailed: Self { Self(name: "opaqueDefinitionFailed") }
    public static var unused: Self { Self(name: "unused") }
    /// References lead through more parameterized definitions than the graph follows: a definition that
    /// injects itself with new runtime arguments.
    public static var unboundedRecursion: Self { Self(name: "unboundedRecursion") }
}
