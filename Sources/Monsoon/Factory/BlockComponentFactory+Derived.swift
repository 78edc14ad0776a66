extension BlockComponentFactory {
    /// A new factory activated from this one's assemblies plus `assemblies` (Objection's
    /// `withModules:`): an assembly given here replaces one of this factory's of the same type, a
    /// superclass or a subclass. Configuration, post-processors, limits and validating at activation
    /// carry over.
    ///
    /// ```swift
    /// let app = try BlockComponentFactory(assemblies: [AppAssembly()])
    /// let offline = try app.with(OfflineNetworkAssembly())   // replaces AppAssembly's NetworkAssembly
    /// ```
    ///
    /// The new factory shares nothing mutable with this one: it has its own pools, so its singletons
    /// are built again (from the same assembly instances), and patches applied to either stay there.
    ///
    /// - Throws: ``ActivationError`` for whatever the new set of assemblies gets wrong.
    public func with(_ added: Assembly...) throws(ActivationError) -> BlockComponentFactory {
        let kept = assemblies.given.assemblies.filter { existing in
            !added.contains { Self.related(type(of: $0), type(of: existing)) }
        }
        return try derived(assemblies: kept + added, excluding: assemblies.given.excluded)
    }

    /// A new factory activated from this one's assemblies without those of the given types or their
    /// subclasses (Objection's `withoutModuleOfType:`), which are not activated as collaborators either.
    ///
    /// ```swift
    /// let headless = try app.without(AnalyticsAssembly.self)
    /// ```
    ///
    /// Like ``with(_:)``, the new factory has its own pools. A type this factory never activated is
    /// left out without complaint; removing an assembly that others still refer to fails activation
    /// with an `undeclaredDefinition` problem naming the reference.
    ///
    /// - Throws: ``ActivationError`` for whatever the remaining assemblies get wrong.
    public func without(_ assemblyTypes: Assembly.Type...) throws(ActivationError) -> BlockComponentFactory {
        let kept = assemblies.given.assemblies.filter { existing in
            !assemblyTypes.contains { ClassHierarchy.isSubclass(type(of: existing), of: $0) }
        }
        return try derived(assemblies: kept, excluding: assemblies.given.excluded + assemblyTypes)
    }

    /// A factory made from `assemblies` with everything else this one was given.
    func derived(
        assemblies: [Assembly], excluding excluded: [Assembly.Type], validating: Bool? = nil
    ) throws(ActivationError) -> BlockComponentFactory {
        try BlockComponentFactory(
            assemblies: assemblies, excluding: excluded, configuration: configuration,
            definitionPostProcessors: givenPostProcessors.definition, instancePostProcessors: givenPostProcessors.instance,
            validating: validating ?? validatesAtActivation, limits: limits)
    }

    private static func related(_ first: AnyClass, _ second: AnyClass) -> Bool {
        ClassHierarchy.isSubclass(first, of: second) || ClassHierarchy.isSubclass(second, of: first)
    }
}
