#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// What `Assembly.define` is doing on the current thread.
///
/// Inside a definition, calling another assembly method (`quest()` in `knight()`) must yield a
/// reference, not that method's whole definition: evaluating it would evaluate its references in turn,
/// recursing forever on a cycle and costing the whole transitive graph on every call. So the outermost
/// `define` on a thread evaluates its body, and every parameterless `define` reached from inside it
/// returns a reference. (Parameterized definitions are always deferred: see `DeferredDefinition`.)
/// When the factory only needs to know *which* definition a method returns (resolving by method
/// reference), even the outermost parameterless `define` returns a reference.
@usableFromInline
final class DefinitionEvaluation {
    @usableFromInline
    enum Mode: Sendable {
        /// No `define` is running: the next one evaluates its body.
        case idle
        /// A `define` body is running: nested parameterless ones return references.
        case evaluating
        /// The factory wants identities only: parameterless `define`s return references.
        case identifying
    }

    @usableFromInline var mode = Mode.idle
    /// The tracer new resolutions of the given factory on this thread record into (`factory.trace`).
    var pendingTracer: (tracer: ResolutionTracer, factory: ObjectIdentifier)?
    /// The resolution running on this thread, so that a component's initializer that calls
    /// `factory.resolve` joins the graph being built instead of starting a second one that would wait
    /// for the first. Unowned: whoever set it keeps it alive until it restores the previous one.
    unowned(unsafe) var resolution: ResolutionContext?
    /// A finished resolution kept for the next one on this thread, so that a resolution allocates no
    /// context, stack or slot table of its own (they keep their capacity).
    var spareResolution: ResolutionContext?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            // Optional on some platforms, not on others.
            let state: UnsafeMutableRawPointer? = pointer
            guard let state else { return }
            Unmanaged<DefinitionEvaluation>.fromOpaque(state).release()
        }
        return key
    }()

    /// This thread's state, created on first use and released when the thread ends.
    @usableFromInline
    static var current: DefinitionEvaluation {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<DefinitionEvaluation>.fromOpaque(pointer).takeUnretainedValue()
        }
        let state = DefinitionEvaluation()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Runs `body` with this thread in `mode`, restoring the previous mode afterwards.
    @inlinable
    static func with<R>(_ mode: Mode, _ body: () throws -> R) rethrows -> R {
        let state = current
        let previous = state.mode
        state.mode = mode
        defer { state.mode = previous }
        return try body()
    }
}

@available(*, unavailable, message: "Each thread has its own evaluation state.")
extension DefinitionEvaluation: Sendable {}
