/// The one way an entry becomes ready: **inherit** its parent chain, **check** what it injects, then
/// find the **graph facts** the resolution paths rely on and **publish** it.
///
/// Inheriting and checking are one function, `inheritAndCheck`; graph facts and publishing are
/// `BlockComponentFactory.prepare` (`Preparation`). Every maker of entries calls them, at its own time:
/// - activation (`Activation`) inherits and checks every listed definition while it lists them, with
///   no lock and no table per definition; graph facts wait for the first use;
/// - first use (`Preparation`) inherits and checks what a body run after activation reached (a
///   parameterized body's), then finds the graph facts of everything the entry reaches and publishes
///   them together, under the preparation lock;
/// - a parameterized definition's new argument values (`BlockComponentFactory.completedParameterizedEntry`)
///   evaluate with them, inherit and check, then `prepare`;
/// - an implicit component (`implicitEntry(for:)`) has no body, parent or injections: its entry is
///   made complete and `prepare`d at its first use, as any entry.
enum Completion {
    // MARK: Check

    /// What a reference in a definition being checked reaches.
    enum ReferenceCheck {
        /// A registered definition (or one replacing it): nothing to report.
        case found
        /// A definition already reported, whose references are not reported again.
        case alreadyReported
        /// Nothing registered; `tooDeep` when discovery stopped before reaching it.
        case missing(tooDeep: Bool)
        /// Not registered because another definition has the key it would have: reported as activation
        /// reports a duplicate key, wherever it is met.
        case duplicate(ValidationReport.Finding)
    }

    // MARK: Inherit and check

    /// The completion's inherit and check steps, which every maker of an entry with a body calls:
    /// resolves the definition's parent chain, then checks its content (see `check`).
    ///
    /// - Parameters:
    ///   - scope: the scope the entry is registered under when it is fixed already (an entry registered
    ///     after activation, whose parent chain gave it then); `nil` to take the one its parent chain gives.
    ///   - inheritance: how this maker finds parents (activation: among what it lists; first use: in the
    ///     catalog).
    ///   - inherited: called with what the definition inherits, unless its parent chain is unusable
    ///     (which is added to `problems`). Problems of its content are added either way.
    @inline(__always)
    static func inheritAndCheck(
        _ definition: AnyDefinition, key: @autoclosure () -> String, scope fixedScope: Scope? = nil, inheritance: Inheritance,
        configuration: (ConfigurationReference) -> Configuration, reference: (DefinitionReference) -> ReferenceCheck,
        lazyHolder: (Assembly.Type?) -> (holder: String, property: String, held: String)?,
        into problems: inout [ValidationReport.Finding], inherited: (Inheritance.Resolved) -> Void
    ) {
        var scope = fixedScope ?? definition.declaredScope ?? .objectGraph
        do {
            let resolved = try inheritance.resolve(definition)
            if fixedScope == nil { scope = resolved.scope }
            inherited(resolved)
        } catch {
            problems.append(.invalidParent(key(), definition: definition, failure: error))
        }
        check(definition, key: key(), scope: scope, configuration: configuration, reference: reference, lazyHolder: lazyHolder,
              into: &problems)
    }

    /// The problems of a definition's own content that any stage reports the same way: a weak singleton
    /// of a value type, exposed types it does not conform to, property casts that cannot succeed,
    /// configuration keys missing or not converting, and references to definitions nothing registered.
    ///
    /// - Parameters:
    ///   - scope: the effective scope (its parent chain's, when it sets none).
    ///   - reference: what each parameterless reference reaches.
    ///   - lazyHolder: the activated assembly holding a reference's assembly in a `lazy var`, for the message.
    @inline(__always)
    private static func check(
        _ definition: AnyDefinition, key: @autoclosure () -> String, scope: Scope,
        configuration: (ConfigurationReference) -> Configuration, reference: (DefinitionReference) -> ReferenceCheck,
        lazyHolder: (Assembly.Type?) -> (holder: String, property: String, held: String)?,
        into problems: inout [ValidationReport.Finding]
    ) {
        if scope.holdsWeakly, MetadataKind.isValueType(definition.declaredType) {
            problems.append(.weakSingletonOfValueType(key(), type: definition.declaredType, scope: scope, location: definition.location))
        }
        for exposed in definition.exposedTypes {
            if let declared = definition.declaredType as? AnyClass, let exposedClass = exposed as? AnyClass,
               !ClassHierarchy.isSubclass(declared, of: exposedClass) {
                problems.append(.invalidExposedType(key(), declared: definition.declaredType, exposed: exposed, location: definition.location))
            }
        }
        let dependencies = definition.dependencies
        guard !dependencies.isEmpty else { return }
        var reported: Set<DefinitionIdentity> = []
        for dependency in dependencies {
            problems += dependency.problems(key: key(), in: definition, configuration: configuration)
            dependency.target.forEachReference { target in
                guard target.parameterized == nil, target.arguments.isEmpty else { return }
                // A reference to its own method from another call site: a define { } nested in its body.
                let isNested = target.function == definition.function && definition.assemblyType != nil
                    && target.assemblyType == definition.assemblyType
                var tooDeep = false
                switch reference(target) {
                case .found, .alreadyReported: return
                case .missing(let deep): tooDeep = deep
                case .duplicate(let problem) where !isNested:
                    if reported.insert(target.identity).inserted { problems.append(problem) }
                    return
                case .duplicate: break
                }
                guard reported.insert(target.identity).inserted else { return }
                if isNested {
                    problems.append(.nestedDefine(key(), scope: scope, location: target.identity.location))
                    return
                }
                problems.append(.undeclaredReference(from: key(), to: target.function, location: target.identity.location,
                                                     assembly: target.assemblyType, tooDeepToDiscover: tooDeep,
                                                     lazyHolder: lazyHolder(target.assemblyType)))
            }
        }
    }

    // MARK: Makers without a body

    /// The entry of a type resolved without a definition: an ``ImplicitComponent``, or
    /// ``FactoryReference`` (the factory, held weakly); `nil` for any other type. Nothing to evaluate,
    /// inherit or check; its graph facts are found at its first use, as any entry's.
    static func implicitEntry(for type: Any.Type) -> RegistryEntry? {
        if type == FactoryReference.self {
            return implicitEntry(Definition<FactoryReference>(resolving: { resolver in resolver.factory }), scope: .prototype)
        }
        guard let implicit = type as? any ImplicitComponent.Type else { return nil }
        return implicitEntry(implicit)
    }

    /// Whether `type` is resolved without a definition when none declares it.
    static func isImplicit(_ type: Any.Type) -> Bool {
        type == FactoryReference.self || type is any ImplicitComponent.Type
    }

    private static func implicitEntry<C: ImplicitComponent>(_ type: C.Type) -> RegistryEntry {
        implicitEntry(Definition<C>(resolving: { resolver in try C(resolver: resolver) }), scope: C.implicitScope)
    }

    private static func implicitEntry<T>(_ definition: Definition<T>, scope: Scope) -> RegistryEntry {
        RegistryEntry(naming: EntryNaming(assemblyName: "", keyWithArguments: "\(typeName(T.self)) (implicit)"), definition: definition.erased,
                      scope: scope, inherited: nil)
    }
}
