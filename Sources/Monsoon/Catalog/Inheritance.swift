/// Resolves a definition's parent chain into what its registry entry needs: the effective scope and the
/// merged steps of its ancestors.
struct Inheritance {
    /// What a definition inherits.
    struct Resolved {
        let scope: Scope
        let inherited: InheritedSteps?
    }

    /// Why a parent chain is unusable.
    enum Failure: Error {
        case missingParent(DefinitionReference)
        case cycle([String])
        case incompatible(parent: AnyDefinition)
        case inheritedInitializerBuildsOtherType(ancestor: AnyDefinition)
        /// `replacingInheritedHooks()` on a definition with no parent: nothing to replace, so almost
        /// certainly a forgotten `.parent(…)`.
        case replacesHooksWithoutParent
    }

    /// Finds a parent's definition; `nil` when no activated assembly lists it.
    let lookup: (DefinitionReference) -> AnyDefinition?

    func resolve(_ definition: AnyDefinition) throws(Failure) -> Resolved {
        guard definition.parent != nil else {
            // Activation resolves every definition: the flag is read without erasing the steps.
            if definition.replacesInheritedHooks {
                throw .replacesHooksWithoutParent
            }
            return Resolved(scope: definition.declaredScope ?? .objectGraph, inherited: nil)
        }
        var ancestors: [AnyDefinition] = []  // parent first
        var visited: Set<DefinitionIdentity> = [definition.identity]
        var current = definition
        while let reference = current.parent {
            guard let parent = lookup(reference) else { throw .missingParent(reference) }
            guard visited.insert(parent.identity).inserted else {
                throw .cycle(([definition] + ancestors + [parent]).map(\.function))
            }
            guard parent.accepts(definition.declaredType) else { throw .incompatible(parent: parent) }
            ancestors.append(parent)
            current = parent
        }
        if !definition.hasInitializer, let provider = ancestors.first(where: \.hasInitializer),
           provider.declaredType != definition.declaredType {
            throw .inheritedInitializerBuildsOtherType(ancestor: provider)
        }
        var merged = InheritedSteps()
        for ancestor in ancestors.reversed() { merged = merged.inherited(by: ancestor.inheritableSteps()) }
        let own = definition.inheritableSteps()
        merged = merged.rewritingMethods(own.methodRewrites)
        let ownKeyPaths = definition.dependencies.compactMap { dependency -> (AnyKeyPath & Sendable)? in
            if case .property(let keyPath) = dependency.site { return keyPath }
            return nil
        }
        merged.properties.removeAll { property in ownKeyPaths.contains { $0 == property.keyPath } }
        // The definition's own hooks run from its own recipe; replacing, they leave none inherited.
        if own.replacesInheritedHooks {
            if !own.beforeInjections.isEmpty { merged.beforeInjections = [] }
            if !own.afterInjections.isEmpty { merged.afterInjections = [] }
        }
        if definition.hasInitializer { merged.droppingInitializer() }
        let scope = definition.declaredScope ?? ancestors.lazy.compactMap(\.declaredScope).first ?? .objectGraph
        return Resolved(scope: scope, inherited: merged)
    }
}

extension Inheritance.Failure {
    /// The sentence that explains the failure and its fix.
    func explanation(childType: Any.Type) -> String {
        switch self {
        case .missingParent(let parent):
            "its parent \(parent.function) (\(parent.identity.location)) is not listed in any activated assembly's definitions. "
                + "List the parent (abstract definitions too) so that activation can find it."
        case .cycle(let chain):
            "its parents form a cycle: \(chain.joined(separator: " → ")). A definition cannot be its own ancestor."
        case .incompatible(let parent):
            "it declares \(typeName(childType)), which is not \(typeName(parent.declaredType)) or a subclass of it, "
                + "so it cannot inherit from \(parent.function). A parent must declare the child's type or a superclass of it."
        case .replacesHooksWithoutParent:
            "it calls replacingInheritedHooks() but has no parent, so it inherits no hooks to replace. "
                + "Name its parent with .parent(…) (or inheriting(from:)), or remove replacingInheritedHooks()."
        case .inheritedInitializerBuildsOtherType(let ancestor):
            "it has no initializer and would inherit the one of \(ancestor.function), which builds "
                + "\(typeName(ancestor.declaredType)), not \(typeName(childType)). Give it its own initializer."
        }
    }
}
