/// Walking a class's superclasses: how assembly replacement, the manifest, subtype injections and messages
/// relate classes. The one place that calls `_getSuperclass`.
package enum ClassHierarchy {
    /// `type`, then its superclass, and so on, stopping before `root` when it is met.
    package static func lineage(of type: AnyClass, upTo root: AnyClass? = nil) -> [AnyClass] {
        var lineage: [AnyClass] = []
        var current: AnyClass? = type
        while let candidate = current, candidate != root {
            lineage.append(candidate)
            current = _getSuperclass(candidate)
        }
        return lineage
    }

    /// Whether `type` is `base` or one of its subclasses.
    package static func isSubclass(_ type: AnyClass, of base: AnyClass) -> Bool {
        lineage(of: type).contains { $0 == base }
    }
}
