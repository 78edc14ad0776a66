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

    /// `child(_:)` on a child that was closed, or whose parent was.
    static func childOfClosedFactory(ancestorClosed: Bool) -> Self {
        let which = ancestorClosed ? "a child made from a factory that was closed (close()), whose components it reaches through it"
            : "a child that was closed (close()), whose pools were emptied"
        return Self(kind: .factoryClosed, subject: "child(_:)",
                    message: "child(_:) was called on \(which), so every resolution through the new child would fail. "
                        + "Make the child from an open factory: the session that replaced the closed one, or the app's factory.")
    }

    /// `assembly`, given to `child(_:)`, is of the class of one of the parent's assemblies (or related to it).
    static func parentsAssemblyGivenToChild(_ assembly: Assembly, parents: Assembly) -> Self {
        let given = typeName(type(of: assembly))
        let parentsName = typeName(type(of: parents))
        let relation = given == parentsName ? "the parent factory has \(given) already"
            : "the parent factory has \(parentsName), which \(given) \(ClassHierarchy.isSubclass(type(of: assembly), of: type(of: parents)) ? "subclasses" : "is a superclass of")"
        return Self(kind: .duplicateAssembly, subject: given,
                    message: "\(given) was given to child(_:), but \(relation): a child sees the parent's definitions without being given "
                        + "its assemblies. Give child(_:) only the session's own assemblies (they may hold the parent's, as `let core = "
                        + "\(parentsName)()`, to refer to its definitions); to replace \(parentsName), derive a factory with parent.with(\(given)()).")
    }

    /// `held`, a collaborator of `holder` (one of the assemblies given to `child(_:)`), subclasses the
    /// parent's `parents`.
    static func parentsAssemblySubclassedByChild(_ held: Assembly, heldBy holder: String, parents: Assembly) -> Self {
        let fake = typeName(type(of: held))
        let parentsName = typeName(type(of: parents))
        return Self(kind: .replacesNothing, subject: fake,
                    message: "\(holder), given to child(_:), holds \(fake), a subclass of the parent's \(parentsName): a child cannot replace "
                        + "its parent's assemblies, so references through \(fake) would reach definitions neither factory has. Give the fake "
                        + "to the parent instead (BlockComponentFactory.forTesting(…, replacing: [\(fake)()]) or parent.with(\(fake)())), and "
                        + "hold a \(parentsName) in \(holder) to refer to the parent's definitions.")
    }

    /// `assembly`, given to `child(_:)`, lists a definition of one of the parent's assemblies.
    static func parentsDefinitionListedByChild(_ assembly: Assembly, function: String, parents: Assembly) -> Self {
        let given = typeName(type(of: assembly))
        let parentsKey = DefinitionKey(assemblyType: type(of: parents), method: function).description
        let childKey = DefinitionKey(assemblyType: type(of: assembly), method: function).description
        return Self(kind: .ambiguousType, subject: given,
                    message: "\(given), given to child(_:), lists \(parentsKey), a definition of the parent's \(typeName(type(of: parents))): "
                        + "listed by the child, it would be registered again as \(childKey), a second \(parentsKey) in the child. "
                        + "A child reaches the parent's definitions through the parent: remove it from \(given)'s definitions, and its "
                        + "references still reach the parent's \(parentsKey). For one per session, declare a method of \(given) that defines it.")
    }

    /// This finding of a child's validation, about the parent's own definitions.
    func foundInParent() -> Self {
        Self(severity: severity, kind: kind, subject: subject, path: path,
             message: "In the parent factory's definitions (the parent did not validate when it was activated, and child(_:) "
                + "validates every definition the child sees): " + message + " Fix it in the parent's assemblies; "
                + "parent.validate() lists each such error.",
             resolutionError: resolutionError)
    }
}
