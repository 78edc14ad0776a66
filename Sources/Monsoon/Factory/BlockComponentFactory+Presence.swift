/// Asking whether something is registered, and optional lookups, for code that can do without a
/// component (Swinject's `resolve` returns an optional for that reason).
extension BlockComponentFactory {
    /// Whether exactly one definition declares `type`, so that ``resolve(_:)-7ft40`` finds it.
    ///
    /// ```swift
    /// if factory.contains((any Analytics).self) { … }
    /// ```
    public func contains(_ type: Any.Type) -> Bool {
        catalog.entries(declaring: type)?.count == 1
    }

    /// Whether a definition has `key`, or the key of a replaced assembly's method that a subclass
    /// answers to.
    public func contains(key: String) -> Bool {
        catalog.entry(forKey: key) != nil
    }

    /// The component of the unique definition that declares `type`, or `nil` when no definition does.
    ///
    /// ```swift
    /// let analytics = try factory.resolveIfPresent((any Analytics).self)   // nil in an app without one
    /// ```
    ///
    /// - Throws: every other failure, as ``resolve(_:)-7ft40`` does: several definitions declaring
    ///   `type` (`ErrorKind.ambiguousType`), or a build that fails. Absence is the only
    ///   thing that becomes `nil`, so a broken component is never mistaken for a missing one.
    ///
    /// Asked for an optional, `resolveIfPresent(Knight?.self)`, it finds the definition of `Knight`.
    public func resolveIfPresent<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T? {
        if catalog.entries(declaring: type) != nil { return try resolve(type) }
        guard let wrapped = Self.definedWrappedType(of: type, in: catalog) else { return nil }
        return try reportingFailure { () throws(ResolutionError) in try resolve(uniqueEntry(for: wrapped, path: []), as: T.self) }
    }

    /// `Knight` for `Knight?` when a definition declares it: the optional is what `resolveIfPresent`
    /// returns anyway, and no definition declares an optional.
    static func definedWrappedType(of type: Any.Type, in catalog: Catalog) -> Any.Type? {
        guard let wrapped = MetadataKind.wrappedType(ofOptional: type), catalog.entries(declaring: wrapped) != nil else { return nil }
        return wrapped
    }
}

extension Resolver {
    /// The component of the unique definition that declares `type`, or `nil` when no definition does;
    /// see ``BlockComponentFactory/resolveIfPresent(_:)``.
    public func resolveIfPresent<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T? {
        let context = try activeContext(typeName(type))
        if context.factory.catalog.entries(declaring: type) != nil { return try context.resolve(type) }
        guard let wrapped = BlockComponentFactory.definedWrappedType(of: type, in: context.factory.catalog) else { return nil }
        return try context.component(of: context.factory.uniqueEntry(for: wrapped, path: context.path), as: T.self)
    }
}
