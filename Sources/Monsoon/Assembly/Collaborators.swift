/// Finds the assemblies that activating some assemblies activates: those given, then what each declares
/// in ``Assembly/collaborators`` or holds in a stored property, transitively.
enum Collaborators {
    /// An assembly activation adds, and the assembly that brought it.
    struct Found {
        let assembly: Assembly
        /// The type name of the assembly declaring or holding it; `nil` for an assembly given.
        let collaboratorOf: String?
    }

    /// `given` in order, then their collaborators breadth-first, once each. A collaborator is left out
    /// when an assembly already found is of its type, a subclass or a superclass (what was passed wins,
    /// and between two collaborators the one found first), or when its type is under `excluded`.
    static func expanding(_ given: [Assembly], excluding excluded: [Assembly.Type] = []) -> [Found] {
        var found = given.map { Found(assembly: $0, collaboratorOf: nil) }
        var next = 0
        while next < found.count {
            let holder = found[next].assembly
            next += 1
            for collaborator in declaredAndHeld(by: holder) {
                let type = type(of: collaborator)
                let related = found.contains { accepted in
                    ClassHierarchy.isSubclass(Swift.type(of: accepted.assembly), of: type)
                        || ClassHierarchy.isSubclass(type, of: Swift.type(of: accepted.assembly))
                }
                guard !related, !excluded.contains(where: { ClassHierarchy.isSubclass(type, of: $0) }) else { continue }
                found.append(Found(assembly: collaborator, collaboratorOf: typeName(Swift.type(of: holder))))
            }
        }
        return found
    }

    /// The declared list, then the assemblies in stored properties whose type is an assembly class or
    /// an optional one (including those of superclasses), in declaration order.
    private static func declaredAndHeld(by assembly: Assembly) -> [Assembly] {
        var result = assembly.collaborators
        let properties = AssemblyFields.assemblyProperties(of: type(of: assembly))
        if properties?.isEmpty == true { return result }
        var mirror: Mirror? = Mirror(reflecting: assembly)
        while let current = mirror {
            for child in current.children where properties?.contains(child.label ?? "") ?? true {
                if let held = child.value as? Assembly, held !== assembly { result.append(held) }
            }
            mirror = current.superclassMirror
        }
        return result
    }
}
