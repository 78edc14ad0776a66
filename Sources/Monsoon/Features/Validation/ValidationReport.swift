/// What validating a factory's graph found: every finding at once, most severe first.
///
/// ```swift
/// let report = factory.validate()
/// if !report.findings(.error).isEmpty { print(report) }
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: Int, Sendable, Comparable {
        /// Resolving the definition would fail.
        case error = 0
        /// Works, but probably not as intended.
        case warning = 1
        /// Worth knowing.
        case info = 2

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }
    /// One finding.
    public struct Finding: Sendable, CustomStringConvertible {
        /// How much it matters: an error stops a validating activation.
        public let severity: Severity
        /// What kind of finding it is, to match in code.
        public let kind: ErrorKind
        /// The definition the finding is about.
        public let subject: String
        /// The definitions involved, in order (a cycle, a reference chain); may be just the subject.
        public let path: [String]
        /// The full sentence.
        public let message: String
        /// For ``ErrorKind/singletonFailed``, why building the singleton failed.
        public internal(set) var resolutionError: ResolutionError? = nil

        public var description: String { "\(severity): \(message)" }
    }

    /// Every finding, errors first, then warnings, then information.
    public let findings: [Finding]

    init(findings: [Finding]) {
        self.findings = findings.enumerated()
            .sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }
            .map(\.element)
    }

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
