/// What deriving a factory with ``BlockComponentFactory/with(_:)`` or ``BlockComponentFactory/without(_:)``
/// can get wrong beyond what activation finds.
extension ValidationReport.Finding {
    /// `added` replaced no activated assembly, and declares `type` as `existing` already did.
    /// A child's assembly declares a type its parent's definitions declare too.
    static func childDeclaresParentType(_ added: String, type: Any.Type, keys: [String]) -> Self {
        Self(kind: .ambiguousType, subject: added,
             message: "\(added), given to child(_:), declares \(typeName(type)), which the parent's definitions declare too: "
                 + "\(keys.joined(separator: " and ")) declare it, so a lookup by type in the child would be ambiguous. "
                 + "Declare another type in the child (a protocol of the session's own), or replace the parent's assembly "
                 + "with parent.with(_:) instead of adding a child.")
    }

    static func replacesNothing(_ added: String, type: Any.Type, keys: [String], activated: [String]) -> Self {
        let nearest = nearestNames(to: added, among: activated)
        let alike = nearest.isEmpty ? "" : " (the nearest: \(nearest.joined(separator: ", ")))"
        return Self(kind: .replacesNothing, subject: added,
                    message: "\(added), given to with(_:), replaces no assembly of this factory\(alike): none is \(added), "
                        + "a superclass or a subclass of it. Added beside them, it makes \(typeName(type)) ambiguous: "
                        + "\(keys.joined(separator: " and ")) declare it. To replace an assembly, make \(added) its subclass "
                        + "(or its superclass); to keep both, activate a factory with both and resolve them by key.")
    }

    /// `requested` is neither an activated assembly's type nor a superclass of one.
    static func notActivated(_ requested: String, activated: [String]) -> Self {
        let summary = "without(_:) was given \(requested), but this factory activated no \(requested) or subclass of it, "
            + "so there is nothing to leave out. Its assemblies: \(activated.joined(separator: ", "))"
        return Self(kind: .notActivated, subject: requested,
                    message: sentence(summary, suggesting: nearestNames(to: requested, among: activated)))
    }
}
