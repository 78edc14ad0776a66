/// Finds the assemblies that activating some assemblies activates: those given, then what each declares
/// in ``Assembly/collaborators`` or holds in a stored property, transitively. Package-visible so that
/// `ModuleHost` can name the collaborators a fake may replace before it activates anything.
package enum Collaborators {
    /// An assembly activation adds, and the assembly that brought it.
    package struct Found {
        package let assembly: Assembly
        /// The type name of the assembly declaring or holding it; `nil` for an assembly given.
        package let collaboratorOf: String?
    }

    /// `given` in order, then their collaborators breadth-first, once each. A collaborator is left out
    /// when an assembly already found is of its type, a subclass or a superclass (what was passed wins,
    /// and between two collaborators the one found first), or when its type is under `excluded`.
    /// More collaborators than any app has: collaborators that make new types without end. Assemblies
    /// passed directly do not count.
    static let limit = 1_000

    /// - Throws: ``ActivationError/Kind/tooManyCollaborators`` past ``limit`` collaborators.
    package static func expanding(_ given: [Assembly], excluding excluded: [Assembly.Type] = []) throws(ActivationError) -> [Found] {
        var found = given.map { Found(assembly: $0, collaboratorOf: nil) }
        // Every type found and every superclass of one: a candidate is related to a found assembly when
        // its own lineage meets the first set (it is one of them or a subclass) or it is in the second
        // (it is a superclass of one). Made when the first collaborator appears: most apps have none.
        var foundTypes: Set<ObjectIdentifier> = []
        var foundLineage: Set<ObjectIdentifier> = []
        var indexed = false
        var next = 0
        while next < found.count {
            if found.count - given.count > limit {
                // The first ones: later names can be types nested a thousand deep.
                let collaborators = found.dropFirst(given.count)
                let first = collaborators.prefix(3).map { typeName(type(of: $0.assembly)) }
                throw ActivationError(problems: [.tooManyCollaborators(limit: limit, first: first,
                                                                       broughtBy: collaborators.first?.collaboratorOf)])
            }
            let holder = found[next].assembly
            next += 1
            let collaborators = declaredAndHeld(by: holder)
            if !collaborators.isEmpty, !indexed {
                indexed = true
                foundTypes = Set(found.map { ObjectIdentifier(type(of: $0.assembly)) })
                foundLineage = Set(found.flatMap { ClassHierarchy.lineage(of: type(of: $0.assembly), upTo: Assembly.self).map(ObjectIdentifier.init) })
            }
            for collaborator in collaborators {
                let type = type(of: collaborator)
                let lineage = ClassHierarchy.lineage(of: type, upTo: Assembly.self).map(ObjectIdentifier.init)
                let related = foundLineage.contains(ObjectIdentifier(type)) || lineage.contains { foundTypes.contains($0) }
                guard !related, !excluded.contains(where: { ClassHierarchy.isSubclass(type, of: $0) }) else { continue }
                found.append(Found(assembly: collaborator, collaboratorOf: typeName(Swift.type(of: holder))))
                foundTypes.insert(ObjectIdentifier(type))
                foundLineage.formUnion(lineage)
            }
        }
        return found
    }

    /// The declared list, then the assemblies in stored properties whose type is an assembly class or
    /// an optional one (including those of superclasses), in declaration order.
    ///
    /// - Parameter properties: the properties to look at, `nil` for all of them (what happens when the
    ///   field descriptors cannot be read); by default, those ``AssemblyFields`` lists.
    static func declaredAndHeld(
        by assembly: Assembly, lookingAt properties: Set<String>?? = .none
    ) -> [Assembly] {
        var result = assembly.collaborators
        let properties = properties ?? AssemblyFields.assemblyProperties(of: type(of: assembly))
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
