/// The class instance inside `value` as `T`, without a dynamic cast. The caller guarantees that `T` is a
/// class and that `value` holds an instance of `T` or of a subclass: the existential is opened, and a
/// class reference has the same representation whatever its static class.
@inlinable
func reinterpret<T>(_ value: Any, as type: T.Type) -> T {
    func open<Dynamic>(_ opened: Dynamic) -> T { unsafeBitCast(opened, to: T.self) }
    return open(value)
}
