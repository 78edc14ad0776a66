import Foundation

/// Why a factory could not be activated. Activation reports every problem it finds at once, so one
/// run shows everything to fix; nothing is left half-activated.
///
/// ```
/// Cannot activate the factory: 2 problems
///   - Duplicate key QuestAssembly.knight(): …
///   - QuestAssembly.knight() references horse() (QuestAssembly.swift:31), which is not listed in …
/// ```
public struct ActivationError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in the order found: each an error finding, as ``BlockComponentFactory/validate(buildingOpaqueDefinitions:)``
    /// would report it (its ``ValidationReport/Finding/message`` is the sentence printed here).
    public let problems: [ValidationReport.Finding]

    public var description: String {
        if problems.count == 1, let only = problems.first { return "Cannot activate the factory: \(only.message)" }
        let items = problems.map { "  - " + $0.message.replacingOccurrences(of: "\n", with: "\n    ") }
        return (["Cannot activate the factory: \(problems.count) problems"] + items).joined(separator: "\n")
    }
}

extension ValidationReport.Finding {
    /// An error about `subject` alone: how activation reports a problem.
    init(kind: ErrorKind, subject: String, resolutionError: ResolutionError? = nil, message: String) {
        self.init(severity: .error, kind: kind, subject: subject, path: [subject], message: message, resolutionError: resolutionError)
    }

    static func duplicateKey(_ key: String, locations: [String], isBinding: Bool = false) -> Self {
        guard isBinding else {
            return Self(kind: .duplicateKey, subject: key,
                        message: "Duplicate key \(key): defined at \(locations.joined(separator: " and ")). "
                            + "Keys must be unique within a factory; rename one of the methods.")
        }
        // A binding made in a loop is bound twice at one place.
        let places = locations.first.map { first in locations.allSatisfy { $0 == first } ? "more than once at \(first)" : "at \(locations.joined(separator: " and "))" } ?? ""
        return Self(kind: .duplicateKey, subject: key,
                    message: "Duplicate binding \(key): bound \(places). A module binds each type once without a name "
                        + "and each name once: bind it once, or give each binding its own name (binder.bind(…, named: \"…\")).")
    }

    static func propertyTypeMismatch(_ key: String, site: String, supplied: Any.Type, property: Any.Type, location: String) -> Self {
        Self(kind: .propertyTypeMismatch, subject: key,
             message: "\(key) (\(location)) injects \(site), which is \(typeName(property)), with \(typeName(supplied)), "
                + "which is not a subclass of it and so can never be one. Inject a definition of the property's type or of a subclass.")
    }

    static func invalidExposedType(_ key: String, declared: Any.Type, exposed: Any.Type, location: String) -> Self {
        Self(kind: .invalidExposedType, subject: key,
             message: "\(key) (\(location)) is exposed as \(typeName(exposed)), but it declares \(typeName(declared)), "
                + "which is not a subclass of it. Expose it only as its superclasses or the protocols it conforms to.")
    }

    static func listedTwice(_ key: String, location: String) -> Self {
        Self(kind: .duplicateKey, subject: key,
             message: "\(key) (\(location)) is listed more than once in its assembly's definitions; list it once.")
    }

    static func weakSingletonOfValueType(_ key: String, type: Any.Type, scope: Scope, location: String) -> Self {
        Self(kind: .weakSingletonOfValueType, subject: key,
             message: "\(key) (\(location)) is \(scope.isOwn ? "in \(scope.declaration), which holds weakly, and builds" : "a weakSingleton of") "
                + "\(typeName(type)), a value type, which nothing can hold weakly. \(scope.fix(dropping: "holding: .weakly", orUse: ".lazySingleton for value types")).")
    }

    static func conflictingScopes(_ first: RegistryEntry, _ second: RegistryEntry) -> Self {
        Self(kind: .conflictingScopes, subject: first.scope.name,
                    message: "Two scopes are named \(first.scope.name): \(first.key) is in \(first.scope.declaration) and \(second.key) in "
                        + "\(second.scope.declaration). The report, the graph and reset(_:) know a scope by its name, so they could not tell "
                        + "them apart. Declare the scope once, as a static constant (static let \(first.scope.name) = \(first.scope.declaration)), "
                        + "and use it in both; or give the other scope a name of its own.")
    }

    static func duplicateAssembly(_ name: String) -> Self {
        Self(kind: .duplicateAssembly, subject: name,
             message: "\(name) was passed more than once. Pass each assembly type once.")
    }

    static func tooManyCollaborators(limit: Int, first: [String], broughtBy: String?) -> Self {
        Self(kind: .tooManyCollaborators, subject: broughtBy ?? first.first ?? "collaborators",
             message: "Collaborating assemblies kept bringing new assembly types past \(limit) collaborators, starting with "
                + "\(first.joined(separator: ", "))\(broughtBy.map { " (brought by \($0))" } ?? ""): an assembly's collaborators make new types without end, "
                + "like a generic assembly whose collaborator is itself over another type argument.")
    }

    static func sharedSite(_ keys: [String], location: String) -> Self {
        Self(kind: .sharedDefinitionSite, subject: keys.first ?? location,
             message: "\(keys.joined(separator: " and ")) are the same definition, created at \(location). "
                + "List a definition only in the assembly that declares it, and give each method its own define { … }.")
    }

    /// - Parameter lazyHolder: the activated assembly holding the referenced one in a `lazy var`, which
    ///   collaborator discovery cannot see into.
    /// - Parameter assembly: the type that declares `function`, to name where to list it.
    static func undeclaredReference(
        from key: String, to function: String, location: String, assembly: Assembly.Type?, tooDeepToDiscover: Bool = false,
        lazyHolder: (holder: String, property: String, held: String)? = nil
    ) -> Self {
        let declaring = assembly.map(typeName) ?? "its assembly"
        let reason = if let lazyHolder {
            "which no activated assembly lists or reaches: \(lazyHolder.holder) holds \(lazyHolder.held) in `lazy var \(lazyHolder.property)`, "
                + "which is set only when first read, so activation cannot find that assembly. Declare it "
                + "`let \(lazyHolder.property) = \(lazyHolder.held)()`, or return it from `override var collaborators`."
        } else if tooDeepToDiscover {
            "which is more than \(DefinitionEvaluation.Discovery.depthLimit) references away from every listed definition, too far to be found. "
                + "List \(function) in \(declaring)'s `override var definitions`."
        } else {
            "which no activated assembly lists or reaches. List \(function) in \(declaring)'s `override var definitions`, "
                + "and activate \(declaring) if it is not."
        }
        return Self(kind: .undeclaredDefinition, subject: key,
                    message: "\(key) references \(function) (\(location)), \(reason)")
    }

    /// `define { … }` called inside the body of the same method's `define(scope) { … }`.
    static func nestedDefine(_ key: String, scope: Scope, location: String) -> Self {
        Self(kind: .undeclaredDefinition, subject: key,
             message: "\(key) calls define again inside its define(.\(scope)) { … } body (\(location)), so the body returns a reference "
                + "to a second definition of the same method instead of a definition. Return Definition(…) from the body directly: "
                + "define(.\(scope)) { Definition(…) }.")
    }

    static func outsideDefine(_ key: String, location: String) -> Self {
        Self(kind: .definitionOutsideDefine, subject: key,
             message: "\(key) (\(location)) does not create its definition inside define { … }. "
                + "Write the method as `define { Definition(…) }` so that the definitions it references "
                + "become references instead of being evaluated (which would never end on a cycle).")
    }

    static func parametersWithoutArguments(_ key: String, location: String) -> Self {
        Self(kind: .parametersWithoutArguments, subject: key,
             message: "\(key) (\(location)) has parameters, but its define does not receive them, so every call would make "
                + "the same definition whatever the values. Pass them to define: define(arguments: …) { … } makes a parameterized "
                + "definition, resolved with its arguments: factory.resolve(\(key), …).")
    }

    static func invalidParent(_ key: String, definition: AnyDefinition, failure: Inheritance.Failure) -> Self {
        Self(kind: .invalidParent, subject: key,
             message: "\(key) (\(definition.location)): " + failure.explanation(childType: definition.declaredType))
    }

    static func postProcessorFailed(_ key: String, processor: String, error: any Error) -> Self {
        Self(kind: .postProcessorFailed, subject: key,
             message: "Definition post-processor \(processor) failed on \(key): \(error)")
    }

    static func configuration(_ key: String, error: ConfigurationError) -> Self {
        Self(kind: .configuration, subject: key, message: "\(key) injects configuration: \(error)")
    }

    static func listedParameterized(_ key: String, location: String) -> Self {
        Self(kind: .listedParameterized, subject: key,
             message: "\(key) (\(location)) is a parameterized definition; it cannot be listed in definitions "
                + "because it is built for runtime arguments. Resolve it with its arguments, and list the method in "
                + "parameterizedDefinitions to resolve it by key.")
    }

    /// A body of `define(_:_:)` that sets another scope than `define`'s.
    static func twoScopes(_ key: String, location: String, given: Scope, set: Scope) -> Self {
        Self(kind: .conflictingScopes, subject: key,
             message: "\(key) (\(location)) is given two scopes: \(given) by define(.\(given)) and \(set) by its body. "
                + "Give the scope once: define(.\(given)) { … } without .scope(…) in the body.")
    }

    static func singletonFailed(_ key: String, error: ResolutionError) -> Self {
        Self(kind: .singletonFailed, subject: key, resolutionError: error,
             message: "Building singleton \(key) failed. \(error)")
    }
}
