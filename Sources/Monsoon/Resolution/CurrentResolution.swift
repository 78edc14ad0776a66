#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The thread a resolution runs on. A resolution never suspends: it starts and ends on one thread, so
/// the current resolution lives in the thread's state (`ThreadResolutions.current`).
enum CurrentResolution {
    typealias ThreadID = pthread_t

    /// Whether the calling thread is `thread`: a resolver checks that it stays on its resolution's thread.
    static func isCurrentThread(_ thread: pthread_t) -> Bool {
        pthread_equal(thread, pthread_self()) != 0
    }

    static var currentThread: pthread_t { pthread_self() }
}
