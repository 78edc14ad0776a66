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

extension Collaborators {
    /// The first of `fakes` that stands in for none of `listed` nor their collaborators (it is neither
    /// of one's class nor a subclass of one), with every assembly it could have replaced, named with what
    /// brought it (`CoreAssembly (a collaborator of ServiceAssembly)`); `nil` when each fake replaces
    /// one. What `forTesting(_:replacing:)` and `ModuleHost(replacing:)` refuse: a fake that replaces
    /// nothing is added beside the real assemblies, and the test then runs against the real ones.
    ///
    /// - Parameter listed: the assemblies given, each with what brought it (`nil` for those given).
    package static func fakeReplacingNothing(
        _ fakes: [Assembly], among listed: [(Assembly, String?)]
    ) throws(ActivationError) -> (fake: String, couldReplace: [String])? {
        let unrelated = fakes.filter { fake in !listed.contains { stands(fake, for: $0.0) } }
        guard !unrelated.isEmpty else { return nil }
        // Collaborators are looked for only now: finding them reflects over every assembly, and a fake
        // that subclasses a listed assembly, the usual case, needs none of them.
        let found = try expanding(listed.map(\.0))
        let candidates = listed + found.dropFirst(listed.count).map { ($0.assembly, $0.collaboratorOf.map { "a collaborator of \($0)" }) }
        guard let fake = unrelated.first(where: { fake in !candidates.contains { stands(fake, for: $0.0) } }) else { return nil }
        var names: [String] = []
        for (assembly, origin) in candidates {
            let name = typeName(type(of: assembly)) + (origin.map { " (\($0))" } ?? "")
            if !names.contains(name) { names.append(name) }
        }
        return (typeName(type(of: fake)), names)
    }

    /// Whether `replacement` takes the place of `original`: it is of its class or of a subclass.
    package static func stands(_ replacement: Assembly, for original: Assembly) -> Bool {
        ClassHierarchy.isSubclass(type(of: replacement), of: type(of: original))
    }
}

extension ActivationError {
    /// `fake`, given to `call`'s `replacing:`, replaces none of the assemblies it could have.
    package static func replacesNothing(_ fake: String, couldReplace names: [String], call: String) -> ActivationError {
        ActivationError(problems: [ValidationReport.Finding(
            kind: .replacesNothing, subject: fake,
            message: "\(fake), given to \(call), replaces none of the assemblies: it is neither one of them nor a subclass of one. "
                + "The assemblies it could replace: \(names.isEmpty ? "none" : names.joined(separator: ", ")). Make \(fake) a subclass "
                + "of the assembly it stands in for; to add it beside them, pass it with the assemblies instead.")])
    }
}
