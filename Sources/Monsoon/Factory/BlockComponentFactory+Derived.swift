extension BlockComponentFactory {
    /// A new factory activated from this one's assemblies plus `assemblies` (Objection's
    /// `withModules:`): an assembly given here replaces one of this factory's of the same type, a
    /// superclass or a subclass. Configuration, post-processors, resolution limits (`maximumDepth`,
    /// `sharedBuildWait`) and validating at activation carry over.
    ///
    /// ```swift
    /// let app = try BlockComponentFactory(assemblies: [AppAssembly()])
    /// let offline = try app.with(OfflineNetworkAssembly())   // replaces AppAssembly's NetworkAssembly
    /// ```
    ///
    /// The new factory shares nothing mutable with this one: it has its own pools, so its singletons
    /// are built again (from the same assembly instances), and patches applied to either stay there.
    ///
    /// An assembly related to none of this factory's (passed or collaborator) is added beside them; when
    /// that makes a type it declares ambiguous, `with` fails with `replacesNothing`
    /// instead, since resolving that type would fail later, far from the cause.
    ///
    /// - Throws: ``ActivationError`` for whatever the new set of assemblies gets wrong.
    public func with(_ added: Assembly...) throws(ActivationError) -> BlockComponentFactory {
        let kept = assemblies.given.assemblies.filter { existing in
            !added.contains { Self.related(type(of: $0), type(of: existing)) }
        }
        let unrelated = added.filter { new in !assemblies.assemblies.contains { Self.related(type(of: new), type(of: $0)) } }
        let factory = try derived(assemblies: kept + added, excluding: assemblies.given.excluded)
        let problems = unrelated.flatMap { factory.ambiguities(introducedBy: type(of: $0)) }
        guard problems.isEmpty else { throw ActivationError(problems: problems) }
        return factory
    }

    /// A new factory activated from this one's assemblies without those of the given types or their
    /// subclasses (Objection's `withoutModuleOfType:`), which are not activated as collaborators either.
    ///
    /// ```swift
    /// let headless = try app.without(AnalyticsAssembly.self)
    /// ```
    ///
    /// Like ``with(_:)``, the new factory has its own pools. A type this factory never activated fails
    /// with `notActivated` (a misspelt or wrong type would otherwise
    /// leave the factory as it was); removing an assembly that others still refer to fails activation
    /// with an `undeclaredDefinition` problem naming the reference.
    ///
    /// - Throws: ``ActivationError`` for whatever the remaining assemblies get wrong.
    public func without(_ assemblyTypes: Assembly.Type...) throws(ActivationError) -> BlockComponentFactory {
        let absent = assemblyTypes.filter { removed in !assemblies.assemblies.contains { ClassHierarchy.isSubclass(type(of: $0), of: removed) } }
        guard absent.isEmpty else {
            let activated = assemblies.assemblies.map { typeName(type(of: $0)) }
            throw ActivationError(problems: absent.map { .notActivated(typeName($0), activated: activated) })
        }
        let kept = assemblies.given.assemblies.filter { existing in
            !assemblyTypes.contains { ClassHierarchy.isSubclass(type(of: existing), of: $0) }
        }
        return try derived(assemblies: kept, excluding: assemblies.given.excluded + assemblyTypes)
    }

    /// A factory made from `assemblies` with everything else this one was given.
    ///
    /// - Parameter observingFailures: `false` for a factory of the library's own (validation's throwaway),
    ///   whose failures are findings, not failed resolutions of the app.
    func derived(
        assemblies: [Assembly], excluding excluded: [Assembly.Type], validating: Bool? = nil, observingFailures: Bool = true
    ) throws(ActivationError) -> BlockComponentFactory {
        try BlockComponentFactory(
            assemblies: assemblies, excluding: excluded, configuration: configuration,
            definitionPostProcessors: givenPostProcessors.definition, instancePostProcessors: givenPostProcessors.instance,
            validating: validating ?? validatesAtActivation, limits: limits,
            onResolutionFailure: observingFailures ? failureObserver : nil)
    }

    /// Each type `added`'s definitions declare that another assembly's definitions declare too.
    ///
    /// - Parameter forChild: `true` for a child's assembly (see ``child(_:)``), whose message differs.
    func ambiguities(introducedBy added: Assembly.Type, forChild: Bool = false) -> [ValidationReport.Finding] {
        let activated = assemblies.assemblies.map { typeName(type(of: $0)) }.filter { $0 != typeName(added) }
        return catalog.typesDeclaredSeveralTimes.compactMap { type, entries in
            guard entries.contains(where: { $0.definition.assemblyType == added }),
                  entries.contains(where: { $0.definition.assemblyType != added }),
                  let declared = ([entries[0].definition.declaredType] + entries[0].definition.exposedTypes).first(where: { ObjectIdentifier($0) == type })
            else { return nil }
            let keys = entries.filter { $0.definition.assemblyType != added }.map(\.key)
                + entries.filter { $0.definition.assemblyType == added }.map(\.key)
            if forChild { return .childDeclaresParentType(typeName(added), type: declared, keys: keys) }
            return .replacesNothing(typeName(added), type: declared, keys: keys, activated: activated)
        }.sorted { $0.description < $1.description }
    }

    private static func related(_ first: AnyClass, _ second: AnyClass) -> Bool {
        ClassHierarchy.isSubclass(first, of: second) || ClassHierarchy.isSubclass(second, of: first)
    }
}
