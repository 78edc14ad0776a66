import Monsoon

/// The checks behind the XCTest and Swift Testing assertions: each returns `nil` when the check passes,
/// or the failure message. Kept free of either framework so both report the same words.
public enum MonsoonCheck: Sendable {
    /// Fails when validation finds errors (and, if `allowingWarnings` is false, warnings).
    public static func validGraph(_ factory: BlockComponentFactory, allowingWarnings: Bool = true) -> String? {
        let report = factory.validate()
        let blocking = report.findings.filter { $0.severity == .error || (!allowingWarnings && $0.severity == .warning) }
        guard !blocking.isEmpty else { return nil }
        return "The graph is not valid:\n" + blocking.map { "  - \($0)" }.joined(separator: "\n")
    }

    /// Fails when `resolve` throws, with the resolution error's message.
    public static func resolves<T>(_ resolve: () throws -> T) -> (T?, String?) {
        do {
            return (try resolve(), nil)
        } catch {
            return (nil, "Expected the component to resolve, but:\n\(error)")
        }
    }

    /// Fails unless `resolve` throws a ``ResolutionError`` of `kind` (and, when given, whose message
    /// contains `message`).
    public static func throwsResolutionError<T>(
        _ kind: ResolutionError.Kind, containing message: String? = nil, _ resolve: () throws -> T
    ) -> String? {
        do {
            let value = try resolve()
            return "Expected a \(kind) resolution error, but resolving succeeded with \(value)."
        } catch let error as ResolutionError {
            if error.kind != kind { return "Expected a \(kind) resolution error, but got \(error.kind):\n\(error)" }
            if let message, !error.description.contains(message) {
                return "The \(kind) error does not mention \"\(message)\":\n\(error)"
            }
            return nil
        } catch {
            return "Expected a \(kind) resolution error, but got \(type(of: error)): \(error)"
        }
    }
}
