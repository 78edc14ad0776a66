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
    var resolutions = ThreadResolutions()

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
    static var current: CurrentThread {
        if let pointer = pthread_getspecific(key) { return pointer.assumingMemoryBound(to: ThreadState.self) }
        let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
        state.initialize(to: ThreadState())
        pthread_setspecific(key, state)
        return state
    }
}

/// This thread's state, as `ThreadState.current` hands it out: used in place, on this thread only.
@usableFromInline
typealias CurrentThread = UnsafeMutablePointer<ThreadState>

/// Which thread this is, as a value to compare: the address of its state, never read through.
struct ThreadIdentity: Equatable {
    private let address: UInt

    /// The calling thread's identity (its state lives as long as the thread).
    static var current: ThreadIdentity { ThreadIdentity(address: UInt(bitPattern: ThreadState.current)) }

    private init(address: UInt) {
        self.address = address
    }
}

@available(*, unavailable, message: "Each thread has its own state.")
extension ThreadState: Sendable {}

/// The resolutions of one thread: a part of that thread's ``ThreadState``.
struct ThreadResolutions {
    /// The resolution running on this thread, so that a component's initializer that calls
    /// `factory.resolve` joins the graph being built instead of starting a second one that would wait
    /// for the first. Unretained: whoever set it keeps it alive until it restores the previous one.
    var currentReference: UnretainedReference<ResolutionContext>?
    var current: ResolutionContext? {
        get { currentReference?.object }
        set { currentReference = newValue.map(UnretainedReference.init) }
    }
    /// A finished resolution kept for the next one on this thread, so that a resolution allocates no
    /// context, stack or slot table of its own (they keep their capacity).
    var spare: ResolutionContext?
    /// The tracer new resolutions of the given factory on this thread record into (`factory.trace`).
    var pendingTracer: (tracer: ResolutionTracer, factory: ObjectIdentifier)?
    /// Whether a component is being built without a resolution on this thread (see
    /// `BlockComponentFactory.buildDetached`).
    var isBuildingDetached = false
    /// Set while this thread completes entries for a factory (see
    /// `BlockComponentFactory.prepare`): a body that resolves a component then gets an error, not a
    /// deadlock on the preparation lock.
    var isPreparing = false
    /// Set while a factory's `onResolutionFailure` observer runs on this thread: what the observer's own
    /// calls fail with is not reported again (see `BlockComponentFactory.reported`).
    var isReportingFailure = false
    /// The lowest stack address a build may start at on this thread (see `ThreadStack`), found when
    /// first needed: finding it costs a system call, or on Linux's main thread a read of its maps.
    private var knownStackFloor: UInt?
    var stackFloor: UInt {
        mutating get {
            if let knownStackFloor { return knownStackFloor }
            let floor = ThreadStack.floor()
            knownStackFloor = floor
            return floor
        }
    }
}

@available(*, unavailable, message: "Each thread has its own resolutions.")
extension ThreadResolutions: Sendable {}

/// Where the calling thread's stack ends, so that a resolution can stop with a typed error before a deep
/// graph overflows it.
///
/// A depth limit alone cannot promise that: how much stack one level of a resolution takes depends on
/// the build (debug frames are several times larger), on the initializers users write, and on the
/// thread (Apple platforms give secondary threads 512 KiB, Linux usually 8 MiB).
enum ThreadStack {
    /// The lowest stack address a resolution may reach on the calling thread: the end of its stack plus
    /// a reserve for the frames between two checks and for reporting the error. Zero when the platform
    /// does not say, which turns the check off.
    static func floor() -> UInt {
        guard let (lowest, size) = bounds() else { return 0 }
        // Under AddressSanitizer's detection of use after return, locals live on a "fake stack" on the
        // heap, so an address in a frame says nothing about the thread's stack: the check is off there
        // (the depth limit still applies).
        let marker = currentDepthMarker()
        guard marker >= lowest, marker < lowest + UInt(size) else { return 0 }
        return lowest + UInt(min(128 * 1024, size / 4))
    }

    /// An address in the caller's frame: how far down its stack the calling thread is.
    @inline(never)
    static func currentDepthMarker() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    private static func bounds() -> (lowest: UInt, size: Int)? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let highest = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = pthread_get_stacksize_np(thread)
        return (highest - UInt(size), size)
        #elseif os(Linux) || os(Android)
        var attributes = pthread_attr_t()
        guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var lowest: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &lowest, &size) == 0, let lowest else { return nil }
        return (UInt(bitPattern: lowest), size)
        #else
        return nil
        #endif
    }

    #if os(Linux) || os(Android)
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    /// `pthread_getattr_np`, looked up at run time: the C library exports it, but the Swift module of
    /// the C library does not declare it (it is a GNU extension).
    private static let threadAttributes: GetAttributes? = {
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif
}

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
