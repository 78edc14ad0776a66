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
