/// A component of `entry` as `T`. When the entry declares exactly `T` and `T` is a class, the component
/// is an instance of `T` or of a subclass — a build of the `Definition<T>` (its initializer returns `T`),
/// a patch's double (typed `T`), or an instance post-processor's replacement (checked to be a `T`) — so
/// it is reinterpreted without a dynamic cast; anything else is cast, and a mismatch is reported.
///
/// Specialized where `T` is known, so the class test folds to a constant.
@inlinable
func typed<T>(
    _ component: Any, of entry: RegistryEntry, as type: T.Type, path: @autoclosure () -> [String]
) throws(ResolutionError) -> T {
    if T.self is AnyClass, entry.declaredTypeID == ObjectIdentifier(T.self) { return reinterpret(component, as: T.self) }
    return try cast(component, of: entry, as: T.self, path: path())
}

/// Kept out of line: a conditional cast makes its caller fetch `Optional<T>`'s metadata on entry.
@inline(never) @usableFromInline
func cast<T>(_ component: Any, of entry: RegistryEntry, as type: T.Type, path: [String]) throws(ResolutionError) -> T {
    if let typed = component as? T { return typed }
    throw .typeMismatch(entry.key, builds: entry.definition.declaredType, requested: type, path: path + [entry.key])
}

