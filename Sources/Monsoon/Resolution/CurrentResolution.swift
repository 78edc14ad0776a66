#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The resolution running on the current thread, so that a component's initializer that calls
/// `factory.resolve` joins the graph being built (same objectGraph pool, same cycle detection)
/// instead of starting a second one that would wait for the first.
///
/// A thread-local suits this because a resolution never suspends: it starts and ends on one thread.
enum CurrentResolution {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var context: ResolutionContext? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<ResolutionContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Makes `context` current until `body` returns; the caller keeps `context` alive meanwhile.
    static func with<R, E: Error>(_ context: ResolutionContext, _ body: () throws(E) -> R) throws(E) -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(context).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try body()
    }

    /// Whether the calling thread is `thread`: a resolver checks that it stays on its resolution's thread.
    static func isCurrentThread(_ thread: pthread_t) -> Bool {
        pthread_equal(thread, pthread_self()) != 0
    }

    static var currentThread: pthread_t { pthread_self() }
}
