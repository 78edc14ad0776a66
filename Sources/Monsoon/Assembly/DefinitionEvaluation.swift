#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Whether the current thread is inside `Assembly.define`, and why.
///
/// Inside a definition, calling another assembly method (`quest()` in `knight()`) must yield a
/// reference, not that method's whole definition: evaluating it would evaluate its references in turn,
/// recursing forever on a cycle and costing the whole transitive graph on every call. So the outermost
/// `define` on a thread evaluates its body, and every `define` reached from inside it returns a
/// reference. When the factory only needs to know *which* definition a method returns (resolving by
/// method reference), even the outermost `define` returns a reference.
enum DefinitionEvaluation {
    enum Mode: Int {
        /// No `define` is running: the next one evaluates its body.
        case idle = 0
        /// A `define` body is running: nested ones return references.
        case evaluating = 1
        /// The factory wants identities only: every `define` returns a reference.
        case identifying = 2
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var mode: Mode {
        Mode(rawValue: Int(bitPattern: pthread_getspecific(key))) ?? .idle
    }

    /// Runs `body` with the thread in `mode`, restoring the previous mode afterwards.
    static func with<R>(_ mode: Mode, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: mode.rawValue))
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
}
