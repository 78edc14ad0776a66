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
    /// What kind of failure this is.
    public let kind: ErrorKind
    /// The definition key, type or key string that could not be resolved.
    public let subject: String
    /// The chain of definition keys being built when the failure happened, outermost first; empty when
    /// the request failed before building anything.
    public let path: [String]
    /// The error thrown by user code, for ``ErrorKind/componentFailed``.
    public let underlyingError: (any Error)?
    /// The complete message: what failed, the path, the property or method being injected when it
    /// failed, and how to fix it.
    public var description: String {
        ([header] + (injectionSite.map { ["  While injecting \($0)."] } ?? []) + advice).joined(separator: "\n")
    }
    /// For an injection that asked for a component still in its initializer: the stack index of that
    /// component's frame, so that the injection can be postponed until the initializer returns.
    var postponableUntil: Int?
    /// What failed, and the path.
    private let header: String
    /// What failed, as the header says it after the subject.
    private let summary: String
    /// The innermost property or method injection that was running, with the key it injects into.
    private var injectionSite: String?
    /// Whether the summary names the injection already, so that no line repeats it.
    var summaryNamesInjection = false
    private let advice: [String]

    init(_ kind: ErrorKind, subject: String, path: [String], summary: String, advice: [String] = [],
         underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.subject = subject
        self.path = path
        self.underlyingError = underlyingError
        self.summary = summary
        var header = "Cannot resolve \(subject): \(summary)"
        if path.count > 1 { header += "\n  " + Self.abbreviated(path).joined(separator: " → ") }
        self.header = header
        self.advice = advice.map { "  " + $0 }
    }

    /// This error, saying which injection was running: the innermost one, so an error passing through
    /// the injections of several components names the one that failed.
    func injecting(_ site: String) -> ResolutionError {
        guard injectionSite == nil, !summaryNamesInjection else { return self }
        var copy = self
        copy.injectionSite = site
        return copy
    }

    /// The synchronous part of a call that met an async initializer.
    enum SynchronousPart {
        /// `inject(into:)` without `await`: its async form awaits.
        case injection
        /// A closure's `Resolver`, in a resolution the caller awaited: the closure should take the
        /// component as an argument, which the resolution awaits.
        case closure
        /// A ``Lazy``'s call, or a closure injected with `.closure(…)`: synchronous by type, so the fix is a
        /// ``Provider``, which can be awaited.
        case synchronousProvider(String)
    }

    /// This `asyncRequired` error as it reads when `part` is what could not await: "this resolution is
    /// synchronous, resolve with `await`" is wrong advice there.
    func asyncRequired(in part: SynchronousPart) -> ResolutionError {
        guard kind == .asyncRequired, summary.hasSuffix(Self.synchronousResolution) else { return self }
        // "…, and " — both summaries that end this way put the synchronous part last.
        let start = String(summary.dropLast(Self.synchronousResolution.count))
        switch part {
        case .injection:
            return ResolutionError(.asyncRequired, subject: subject, path: path, summary: start + "this injection is synchronous.",
                                   advice: ["Inject with `try await factory.inject(into: …)`, which awaits the initializer."])
        case .synchronousProvider(let holder):
            let method = DefinitionKey(parsing: subject)?.method ?? subject
            return ResolutionError(
                .asyncRequired, subject: subject, path: path, summary: start + "\(holder) is called synchronously, so it cannot await it.",
                advice: ["Inject a Provider instead, .provider(\(method)), and call it with `try await provider()`; or have it built before the first "
                         + "call (an eager singleton, built by `try await factory.start()`)."])
        case .closure:
            let owner = path.dropLast().last.map { " of \($0)" } ?? ""
            let method = path.last.flatMap { DefinitionKey(parsing: $0)?.method } ?? subject
            return ResolutionError(
                .asyncRequired, subject: subject, path: path,
                summary: start + "the closure\(owner) resolves it through its Resolver, which is synchronous, although this resolution awaits.",
                advice: ["Inject it into the closure as an argument instead, which the resolution awaits: "
                    + "Definition({ value in … }, \(method))."])
        }
    }

    /// A path short enough to read: a deep one keeps its first and last keys around the count of those
    /// left out.
    static func abbreviated(_ path: [String]) -> [String] {
        guard path.count > 12 else { return path }
        return path.prefix(5) + ["… \(path.count - 10) more …"] + path.suffix(5)
    }
}
