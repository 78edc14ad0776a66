import Synchronization

/// The factory-wide pool slot of one singleton, lazySingleton or weakSingleton definition.
///
/// Strong values are written once, under the coordinator's lock, before `isPublished` is set with
/// release ordering; readers that see the flag with acquire ordering read the value without a lock.
/// That is the warm path of every singleton resolution. Everything
/// else (the weak value, the resolution currently building the component) is read and written only
/// under the coordinator's lock, which is why the class can be `@unchecked Sendable`.
@usableFromInline
final class SharedInstanceCell: @unchecked Sendable {
    let holdsWeakly: Bool
    private let isPublished = Atomic<Bool>(false)
    private var strongValue: Any?
    /// The strong value in a ``TypedBox`` of the definition's declared type.
    private var strongBox: AnyObject?
    private weak var weakValue: AnyObject?
    /// The resolution building this component and not yet finished; guarded by the coordinator.
    var owner: UInt64?
    /// The cycle group `owner` claimed this cell through, if any; guarded by the coordinator.
    var claimGroup: Int?


    init(holdsWeakly: Bool) {
        self.holdsWeakly = holdsWeakly
    }

    /// The pool slot an entry of `scope` keeps its component in; `nil` for a scope whose instances live
    /// no longer than a resolution.
    convenience init?(for scope: Scope) {
        guard scope.isShared else { return nil }
        self.init(holdsWeakly: scope.holdsWeakly)
    }

    /// The pooled strong value, without locking; `nil` until published and always for weak cells.
    var publishedValue: Any? {
        isPublished.load(ordering: .acquiring) ? strongValue : nil
    }

    /// The pooled strong value boxed with its declared type, without locking; `nil` until published.
    @usableFromInline
    var publishedBox: AnyObject? {
        isPublished.load(ordering: .acquiring) ? strongBox : nil
    }

    /// The pooled value; call only under the coordinator's lock.
    var valueUnderLock: Any? {
        holdsWeakly ? weakValue : strongValue
    }

    /// Stores a finished component; call only under the coordinator's lock.
    func storeUnderLock(_ value: Any, box: AnyObject?) {
        if holdsWeakly {
            weakValue = value as AnyObject
        } else {
            strongValue = value
            strongBox = box
            isPublished.store(true, ordering: .releasing)
        }
    }
}

/// A published component with its declared type kept, so that a caller that knows the type reads it
/// without a dynamic cast: the warm path of every singleton resolution.
///
/// Unchecked Sendable for the same reason pools may hold any component: sharing built components
/// across threads is what a container does; the box itself is immutable.
@usableFromInline
final class TypedBox<T>: @unchecked Sendable {
    @usableFromInline let value: T

    init(_ value: T) {
        self.value = value
    }
}
