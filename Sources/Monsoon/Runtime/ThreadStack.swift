#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

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
