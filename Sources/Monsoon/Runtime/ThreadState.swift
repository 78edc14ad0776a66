#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// What Monsoon keeps per thread, one part per concern: what `define` is doing
/// (``DefinitionEvaluation``) and the thread's resolutions (``ThreadResolutions``).
///
/// Allocated on the thread's first use, reached through a POSIX thread-specific key, and destroyed by
/// the key's destructor when the thread ends. A raw pointer rather than a class or `TaskLocal`, so that
/// `define`, which reads it on every resolution by method reference, costs neither a reference count nor
/// an exclusivity check.
///
/// Invariants: the pointer is used only on the thread it belongs to (it is never stored anywhere but in
/// locals of that thread's frames), and no frame holds it across the end of its thread. A thread's state
/// outliving its thread is a leak and a thread reading another's a race, which the test suite's
/// AddressSanitizer and ThreadSanitizer runs exercise with threads that resolve and end.
@usableFromInline
struct ThreadState {
    @usableFromInline var definitions = DefinitionEvaluation.State()
    @usableFromInline var resolutions = ThreadResolutions()

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            // Optional on some platforms, not on others.
            let state: UnsafeMutableRawPointer? = pointer
            guard let state else { return }
            let typed = state.assumingMemoryBound(to: ThreadState.self)
            typed.deinitialize(count: 1)
            typed.deallocate()
        }
        return key
    }()

    /// This thread's state, created on first use and destroyed when the thread ends.
    @usableFromInline
    static var current: UnsafeMutablePointer<ThreadState> {
        if let pointer = pthread_getspecific(key) { return pointer.assumingMemoryBound(to: ThreadState.self) }
        let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
        state.initialize(to: ThreadState())
        pthread_setspecific(key, state)
        return state
    }
}

@available(*, unavailable, message: "Each thread has its own state.")
extension ThreadState: Sendable {}
