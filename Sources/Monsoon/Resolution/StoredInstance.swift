/// A built component as a resolution keeps it: the object itself when the component's type is a class
/// (almost always), otherwise the value in a box. Either way it is one reference, so recording and
/// reading instances on the build path costs a retain, not an existential copy through value witnesses.
@usableFromInline
struct StoredInstance {
    @usableFromInline let object: AnyObject
    @usableFromInline let isBoxed: Bool

    /// Stores `instance`; specialized where `T` is known, so the class test folds away.
    @inlinable
    init<T>(_ instance: T) {
        if T.self is AnyClass {
            object = objectReference(to: instance)
            isBoxed = false
        } else {
            object = ValueBox(instance)
            isBoxed = true
        }
    }

    /// Stores a component whose static type is lost.
    init(erased instance: Any) {
        if type(of: instance) is AnyClass {
            object = instance as AnyObject
            isBoxed = false
        } else {
            object = ValueBox(instance)
            isBoxed = true
        }
    }

    var value: Any {
        isBoxed ? unsafeDowncast(object, to: ValueBox.self).value : object
    }
}

/// A component that is not a class instance, boxed so that it is stored as one reference.
@usableFromInline
final class ValueBox {
    let value: Any

    @usableFromInline
    init(_ value: Any) {
        self.value = value
    }
}

// Instances stay inside one resolution on one thread until they are published through a pool cell, which
// orders the hand-over itself.
@available(*, unavailable, message: "Held by one resolution on one thread.")
extension StoredInstance: Sendable {}

@available(*, unavailable, message: "Held by one resolution on one thread.")
extension ValueBox: Sendable {}
