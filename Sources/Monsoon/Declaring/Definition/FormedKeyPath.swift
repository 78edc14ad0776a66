/// A key path that `inject` received in a main-actor autoclosure, formed and kept.
///
/// Why an autoclosure isolated to the main actor: Swift forms a key path to a main-actor property only in
/// a main-actor context, and assemblies are nonisolated (they are read on any thread). Inside the
/// autoclosure every key path can be formed, whatever its root's isolation.
///
/// Why calling it from any thread is sound: forming a key path reads no property, only the root type's
/// layout; the autoclosure holds nothing but the key-path literal (a subscript's index expressions are
/// the one exception, and evaluated values are what a nonisolated assembly can see anyway). Swift's
/// synchronous main-actor functions have the calling convention of nonisolated ones, so the closure is
/// called as one.
///
/// Why it may be `Sendable`: a key path is immutable. One to an isolated property is not `Sendable` in
/// Swift's eyes because *applying* it touches isolated state; Monsoon applies it only where the
/// component is built, which for a main-actor component is the main actor.
struct FormedKeyPath<Path: AnyKeyPath>: @unchecked Sendable {
    let keyPath: Path

    init(_ form: @MainActor () -> Path) {
        keyPath = callIgnoringIsolation(form)
    }

    /// The key path as injection sites and messages name it.
    var site: AnyKeyPath & Sendable {
        markedSendable(keyPath)
    }
}
