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
        resolves(Result(catching: resolve))
    }

    /// Fails when `resolve` throws, with the resolution error's message: the check for code that awaits.
    nonisolated(nonsending)
    public static func resolves<T>(_ resolve: () async throws -> T) async -> (T?, String?) {
        do {
            return resolves(.success(try await resolve()))
        } catch {
            return resolves(Result<T, any Error>.failure(error))
        }
    }

    private static func resolves<T>(_ outcome: Result<T, any Error>) -> (T?, String?) {
        switch outcome {
        case .success(let value): (value, nil)
        case .failure(let error): (nil, "Expected the component to resolve, but:\n\(error)")
        }
    }

    /// Fails unless `resolve` throws a ``ResolutionError`` of `kind` (and, when given, whose message
    /// contains `message`).
    public static func throwsResolutionError<T>(
        _ kind: ErrorKind, containing message: String? = nil, _ resolve: () throws -> T
    ) -> String? {
        throwsResolutionError(kind, containing: message, Result(catching: resolve))
    }

    /// Fails unless `resolve` throws a ``ResolutionError`` of `kind`: the check for code that awaits.
    nonisolated(nonsending)
    public static func throwsResolutionError<T>(
        _ kind: ErrorKind, containing message: String? = nil, _ resolve: () async throws -> T
    ) async -> String? {
        do {
            return throwsResolutionError(kind, containing: message, .success(try await resolve()))
        } catch {
            return throwsResolutionError(kind, containing: message, Result<T, any Error>.failure(error))
        }
    }

    private static func throwsResolutionError<T>(
        _ kind: ErrorKind, containing message: String?, _ outcome: Result<T, any Error>
    ) -> String? {
        do {
            let value = try outcome.get()
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
