// The wording of every resolution failure lives here, so messages stay consistent and tests can
// assert them whole.
extension ResolutionError {
    /// A binding name that no module uses, asked for as `type`: suggests the nearest names that bind
    /// `type`, or else the nearest names with the types they bind, since suggesting a name bound to
    /// another type would only lead to a type mismatch.
    ///
    /// - Parameters:
    ///   - bindingType: the names that bind `type`.
    ///   - otherTypes: every name, with the types its bindings declare.
    static func unknownBindingName(
        _ name: String, as type: Any.Type, path: [String], bindingType: some Sequence<String>, otherTypes: [String: [Any.Type]]
    ) -> ResolutionError {
        let requested = typeName(type)
        let bindingType = Array(bindingType)
        var advice: String
        let nearest = nearestNames(to: name, among: bindingType)
        if !nearest.isEmpty {
            advice = "Did you mean: \(nearest.joined(separator: ", "))?"
        } else if case let near = nearestNames(to: name, among: otherTypes.keys), !near.isEmpty {
            let described = near.map { near in
                var types: [String] = []
                for bound in otherTypes[near] ?? [] where !types.contains(typeName(bound)) { types.append(typeName(bound)) }
                return "\(near) (\(types.joined(separator: ", ")))"
            }
            advice = (bindingType.isEmpty ? "No name binds \(requested); " : "No name near it binds \(requested); ")
                + (near.count == 1 ? "a near name binds other types: " : "near names bind other types: ")
                + described.joined(separator: ", ") + "."
        } else {
            advice = "Bind \(requested) under this name with binder.bind(…, named: \"\(name)\") in a module's configure(_:)."
        }
        return ResolutionError(.unknownKey, subject: "binding named \"\(name)\" as \(requested)", path: path,
                               summary: "no module binds a component under this name.", advice: [advice])
    }

    /// A binding name in use, but by no binding of the type asked for.
    ///
    /// - Parameter bound: the type each binding of the name declares, with its key.
    static func bindingOfAnotherType(_ name: String, requested: Any.Type, bound: [(type: Any.Type, key: String)], path: [String]) -> ResolutionError {
        var types: [String] = []
        for binding in bound where !types.contains(typeName(binding.type)) { types.append(typeName(binding.type)) }
        let bindings = bound.map { "\(typeName($0.type)) (\($0.key))" }
        return ResolutionError(
            .typeMismatch, subject: "binding named \"\(name)\" as \(typeName(requested))", path: path,
            summary: "the name binds \(bindings.joined(separator: " and ")), not \(typeName(requested)).",
            advice: ["A name and a type together pick a binding: resolve it as \(types.joined(separator: " or ")), "
                     + "or bind \(typeName(requested)) under this name."])
    }

    static func unknownKey(_ key: String, knownKeys: [String], path: [String], suggestions: [String]? = nil) -> ResolutionError {
        let nearest = suggestions ?? nearestNames(to: key, among: knownKeys)
        var advice = nearest.isEmpty
            ? ["Keys are the assembly type and method name, like QuestAssembly.knight()."]
            : ["Did you mean: \(nearest.joined(separator: ", "))?"]
        if let method = DefinitionKey(parsing: key)?.method, method.contains(":") {
            // `squire(named:)` names a method with parameters: a parameterized definition, never registered
            // under a key of its own.
            advice.append("\(method) has parameters, so its definition is parameterized: pass its arguments, "
                          + "factory.resolve(key: \"\(key)\", arguments: […]), and list it in its assembly's parameterizedDefinitions.")
        }
        return ResolutionError(.unknownKey, subject: "key \"\(key)\"", path: path,
                               summary: "no definition has this key.", advice: advice)
    }

    /// A key that only a definition a parameterized body reached has: lookups by key never find those.
    static func unlistedKey(_ key: String, method: String, assembly: String, path: [String]) -> ResolutionError {
        ResolutionError(.unknownKey, subject: "key \"\(key)\"", path: path,
                        summary: "\(key) is reached only through a parameterized definition's body and no assembly lists it, "
                            + "so it is reached only through the definitions that refer to it, never by key or type.",
                        advice: ["List \(method) in \(assembly)'s `override var definitions` to resolve it by key."])
    }

    /// - Parameters:
    ///   - related: definitions of related types (see `relatedDefinitions(of:)`).
    ///   - unlisted: definitions of `type` reached after activation that lookups do not find (see `unlistedDefinitions(declaring:)`).
    ///   - inChildren: keys of definitions declaring `type` in children of the factory.
    ///   - parameterized: keys of parameterized definitions declaring `type`.
    static func noDefinition(
        for type: Any.Type, knownTypes: [String], related: [String] = [], unlisted: [String] = [], inChildren: [String] = [],
        parameterized: [String] = [], path: [String]
    ) -> ResolutionError {
        let name = typeName(type)
        var advice: [String] = []
        if !inChildren.isEmpty {
            advice.append("A child of this factory (a session made with child(_:)) declares it: \(inChildren.joined(separator: ", ")). "
                          + "Resolve it from that child, try session.resolve(\(name).self); the parent never sees its children's definitions.")
        } else if !parameterized.isEmpty {
            let calls = parameterized.map { key in
                let method = DefinitionKey(parsing: key).map { "\($0.assembly).\($0.method)" } ?? key
                return "factory.resolve(\(method), …)"
            }
            advice.append("\(parameterized.joined(separator: " and ")) declare\(parameterized.count == 1 ? "s" : "") it and take\(parameterized.count == 1 ? "s" : "") "
                          + "runtime arguments, which a lookup by type cannot pass. Resolve it with its arguments: \(calls.joined(separator: " or ")).")
        } else if !unlisted.isEmpty {
            advice = unlisted.map { $0 + "." }
        } else if !related.isEmpty {
            advice.append("Lookup by type is exact, and these definitions declare related types: \(related.joined(separator: "; ")).")
            advice.append("Resolve one of those types, or declare the definition as Definition<\(name)>.")
        } else {
            advice.append("Return a Definition<\(name)> from an assembly method and list it in that assembly's definitions; "
                          + "if a method with parameters (define(arguments:)) defines it, resolve that method with its arguments.")
            let nearest = nearestNames(to: name, among: knownTypes)
            if !nearest.isEmpty { advice.append("Types that have definitions and similar names: \(nearest.joined(separator: ", ")).") }
        }
        return ResolutionError(.noDefinitionForType, subject: name, path: path + [name],
                               summary: "no definition declares this type.", advice: advice)
    }

    static func ambiguous(_ type: Any.Type, candidates: [String], path: [String]) -> ResolutionError {
        let name = typeName(type)
        return ResolutionError(
            .ambiguousType, subject: name, path: path + [name],
            summary: "\(candidates.count) definitions declare this type: \(candidates.joined(separator: ", ")).",
            advice: ["Inject or resolve one of them by reference or by key instead of by type."])
    }

    static func abstract(_ key: String, path: [String], children: [String] = []) -> ResolutionError {
        ResolutionError(.abstractDefinition, subject: key, path: path,
                        summary: "the definition is abstract and can only be a parent.",
                        advice: [children.isEmpty
                            ? "Resolve or inject a definition that names \(key) as its parent (none does yet)."
                            : "Resolve or inject one of the definitions that name it as their parent: \(children.joined(separator: ", "))."])
    }

    static func initializerCycle(_ key: String, path: [String]) -> ResolutionError {
        ResolutionError(.initializerCycle, subject: path.first ?? key, path: path, summary: "initializer cycle",
                        advice: ["Move one side of the cycle to a property or method injection."])
    }

    /// A ``Provider`` or ``Lazy`` (`holder`) called by `caller`'s initializer, whose build of `target`
    /// needs `caller`, still in that initializer.
    static func calledFromInitializer(_ holder: String, caller: String, target: String, cycle path: [String]) -> ResolutionError {
        let article = holder == "Lazy" ? "its Lazy" : "its Provider"
        return ResolutionError(
            .initializerCycle, subject: caller, path: path,
            summary: "initializer cycle through a \(holder) called in an initializer: \(caller)'s initializer calls \(article) of \(target), "
                + "whose build needs \(caller), which does not exist until that initializer returns.",
            advice: ["Keep the \(holder) and call it after the initializer has returned (in a method, on first use), not from the initializer: "
                     + "then \(caller) exists and the cycle closes."])
    }

    /// A ``Lazy`` called from the build it is running (an initializer or hook of what it builds).
    static func lazyCallsItsOwnBuild(_ key: String) -> ResolutionError {
        ResolutionError(.initializerCycle, subject: key, path: [key, key],
                        summary: "its Lazy was called by the build that Lazy is running, which would wait for itself.",
                        advice: ["Call the lazy once its component is built: not from that component's initializer or hooks, "
                                 + "nor from those of what it builds."])
    }

    /// A resolution started inside an initializer (`factory.resolve` there) that needs the shared
    /// component the enclosing resolution is building: waiting would be waiting for itself.
    static func initializerResolvesItsBuild(_ key: String) -> ResolutionError {
        ResolutionError(.initializerCycle, subject: key, path: [key, key],
                        summary: "it is being built, and an initializer of that build resolves it again with factory.resolve, which would wait for itself.",
                        advice: ["Inject it instead of resolving it inside an initializer, or inject a Provider and use it once the initializer has returned."])
    }

    /// A property or method injection that needs a component still in its initializer: postponed by the
    /// recipe when the requester is an object; the message stands when it cannot be (a value type).
    static func postponable(until frame: Int, key: String, requester: String, path: [String]) -> ResolutionError {
        var error = ResolutionError(
            .initializerCycle, subject: path.first ?? key, path: path, summary: "initializer cycle",
            advice: ["\(requester) is injected with \(key) while \(key)'s initializer is still running, and \(requester) is a value,",
                     "so the injection cannot be postponed until \(key) exists. Make \(requester) a class, or inject it into \(key)",
                     "by property or method instead of through \(key)'s initializer."])
        error.postponableUntil = frame
        return error
    }

    static func propertyTypeMismatch(property: String, propertyType: Any.Type, supplied: Any.Type, path: [String]) -> ResolutionError {
        var error = ResolutionError(.typeMismatch, subject: path.last ?? property, path: path,
                        summary: "\(property) is \(typeName(propertyType)), but its injection supplied \(typeName(supplied)), which is not one.",
                        advice: ["Inject a definition of a subtype of \(typeName(propertyType)), or change the property's type."])
        error.summaryNamesInjection = true
        return error
    }

    static func typeMismatch(_ key: String, builds built: Any.Type, requested: Any.Type, path: [String]) -> ResolutionError {
        ResolutionError(.typeMismatch, subject: "\(key) as \(typeName(requested))", path: path,
                        summary: "it builds \(typeName(built)), not \(typeName(requested)).",
                        advice: ["Request it as \(typeName(built)), or change the type its definition declares."])
    }

    static func undeclared(
        _ function: String, location: String, assembly: Assembly.Type?, declaredType: Any.Type, path: [String]
    ) -> ResolutionError {
        let subject = "\(function) (\(location))"
        let declaring = assembly.map(typeName) ?? "its assembly"
        return ResolutionError(
            .undeclaredDefinition, subject: subject, path: path + [subject],
            summary: "the definition of \(typeName(declaredType)) is not listed in \(declaring)'s definitions.",
            advice: ["Add \(function) to \(declaring)'s `override var definitions` so that activation registers it."])
    }

    /// - Parameter inChild: whether a child of the factory (a session) activated it.
    static func assemblyNotActivated(_ assembly: Any.Type, activated: [String], inChild: Bool = false, path: [String]) -> ResolutionError {
        let name = typeName(assembly)
        let list = activated.isEmpty ? "none" : activated.joined(separator: ", ")
        let advice = inChild
            ? "\(name) is an assembly of a child of this factory (a session made with child(_:)), whose definitions the parent never sees: "
                + "resolve it from that child, try session.resolve(\(name).…)."
            : "Pass an instance of \(name) (or a subclass) to BlockComponentFactory(assemblies:)."
        return ResolutionError(.assemblyNotActivated, subject: "a definition of \(name)", path: path,
                               summary: "no \(name) was activated in this factory (activated: \(list)).", advice: [advice])
    }

    static func weakSingletonOfValue(_ key: String, built: Any.Type, scope: Scope, path: [String]) -> ResolutionError {
        ResolutionError(.weakSingletonOfValueType, subject: key, path: path,
                        summary: "\(scope.isOwn ? "\(scope.declaration) holds weakly, so it" : "a weakSingleton") must build a class instance, "
                            + "but it built a \(typeName(built)).",
                        advice: [scope.fix(dropping: "holding: .weakly", orUse: ".lazySingleton for value types") + "."])
    }

    static func resolverOutsideResolution(subject: String) -> ResolutionError {
        ResolutionError(.resolverOutsideResolution, subject: subject, path: [],
                        summary: "the Resolver was used after its resolution finished, or from another thread.",
                        advice: ["Use a Resolver only inside the closure that receives it; hold the factory to resolve later."])
    }

    /// A patch whose double is built on the main actor, reached by a synchronous resolution elsewhere.
    static func patchNeedsMainActor(_ key: String, double: Any.Type, path: [String]) -> ResolutionError {
        ResolutionError(
            .mainActorRequired, subject: key, path: path,
            summary: "it is patched with a double built on the main actor (it builds \(typeName(double))), and this resolution runs on another thread.",
            advice: ["Resolve it from the main actor, or with `try await factory.resolve(…)`, which builds the double there."])
    }

    static func liveOnly(_ key: String, in doubles: BlockComponentFactory.Doubles, path: [String]) -> ResolutionError {
        let (factory, declared, modifier) = doubles == .previews
            ? ("a preview factory", "no preview double (nor a test double)", "previewDouble")
            : ("a test factory", "no test double", "testDouble")
        return ResolutionError(
            .liveOnly, subject: key, path: path.isEmpty ? [key] : path,
            summary: "it is live-only and declares \(declared), and \(factory) never builds a live-only component.",
            advice: ["Declare its double beside it, `.\(modifier)(Definition(…))`, or replace it for this test: "
                     + "`factory.patch(…) { … }`, `installDouble(…)`."])
    }

    static func componentFailed(_ key: String, error: any Error, path: [String]) -> ResolutionError {
        if let unmet = error as? UnmetBuildRequirement {
            switch unmet.requirement {
            case .mainActor:
                return ResolutionError(
                    .mainActorRequired, subject: key, path: path,
                    summary: "its initializer is isolated to the main actor (it builds \(typeName(unmet.component))), and this resolution runs on another thread.",
                    advice: ["Resolve it from the main actor, or with `try await factory.resolve(…)`, which builds it there."])
            case .await:
                return ResolutionError(
                    .asyncRequired, subject: key, path: path,
                    summary: "its initializer is async (it builds \(typeName(unmet.component))), and " + synchronousResolution,
                    advice: asyncAdvice)
            }
        }
        if let failed = error as? FailedInjection {
            return componentFailed(key, error: failed.underlying, path: path).injecting(failed.site)
        }
        return ResolutionError(.componentFailed, subject: key, path: path,
                        summary: "building it threw \(String(describing: error)).", underlyingError: error)
    }

    /// A synchronous resolution of `key`, which reaches an async initializer along `path`, refused before
    /// anything is built.
    static func asyncRequired(_ key: String, asyncPath path: [String]) -> ResolutionError {
        ResolutionError(
            .asyncRequired, subject: key, path: path,
            // A path of one is the component itself: "it needs X" would name what was asked for.
            summary: (path.count > 1 ? "it needs \(path.last ?? key), whose initializer is async, and " : "its initializer is async, and ")
                + synchronousResolution,
            advice: asyncAdvice)
    }

    /// How an `asyncRequired` summary ends; `asyncRequired(in:)` replaces it when the caller did await.
    static let synchronousResolution = "this resolution is synchronous."

    private static let asyncAdvice = [
        "Resolve it with `try await factory.resolve(…)`, which awaits the initializer; an eager singleton is built by `try await factory.start()`."
    ]

    static func concurrentCycle(_ key: String, path: [String]) -> ResolutionError {
        ResolutionError(
            .concurrentCycle, subject: key, path: path + [key],
            summary: "another thread is building it and is itself waiting for a component this resolution is building.",
            advice: ["These shared components depend on each other; make one of them .singleton so activation builds the cycle once, or break the cycle."])
    }

    static func depthLimitExceeded(_ key: String, limit: Int, stackExhausted: Bool, path: [String]) -> ResolutionError {
        let depth = path.count
        let summary = stackExhausted
            ? "the resolution is \(depth) components deep and has nearly used up its thread's stack."
            : "the resolution is \(depth) components deep, past the limit of \(limit) (the factory's maximumDepth)."
        var advice = ["A definition that injects itself with new runtime arguments (page(n) injecting page(n + 1)) never ends:",
                      "inject a Provider and resolve the next one when it is needed, or end the chain with a check on the arguments."]
        advice.append(stackExhausted
            ? "If the graph really is this deep, resolve it on a thread with a larger stack."
            : "If the graph really is this deep, raise the limit: BlockComponentFactory(assemblies:maximumDepth:).")
        return ResolutionError(.depthLimitExceeded, subject: path.first ?? key, path: path, summary: summary, advice: advice)
    }

    static func sharedBuildTimedOut(_ key: String, waited: Duration, path: [String]) -> ResolutionError {
        ResolutionError(
            .sharedBuildTimedOut, subject: key, path: path + [key],
            summary: "another thread has been building it for \(waited) without finishing.",
            advice: ["Its initializer, or one it depends on, is probably waiting for work that resolves from this factory on another thread,",
                     "which waits for it in turn. Resolve what that work needs before starting it, or inject a Provider and resolve later.",
                     "The wait is the factory's sharedBuildWait (BlockComponentFactory(assemblies:sharedBuildWait:))."])
    }

    static func invalidParent(_ key: String, explanation: String, path: [String]) -> ResolutionError {
        ResolutionError(.invalidParent, subject: key, path: path, summary: explanation)
    }

    static func singletonWithArguments(_ key: String, scope: Scope, path: [String]) -> ResolutionError {
        ResolutionError(.singletonWithArguments, subject: key, path: path,
                        summary: scope.isOwn
                            ? "a definition with runtime arguments cannot be in \(scope.declaration), which builds at activation, before any arguments exist."
                            : "a definition with runtime arguments cannot be a singleton: singletons are built at activation, before any arguments exist.",
                        advice: [scope.fix(dropping: "eager: true", orUse: ".lazySingleton to keep one instance per argument values") + "."])
    }

    static func postProcessorMismatch(_ key: String, processor: String, returned: Any.Type, expected: Any.Type, path: [String]) -> ResolutionError {
        ResolutionError(.postProcessorMismatch, subject: key, path: path,
                        summary: "instance post-processor \(processor) returned a value of type \(typeName(returned)) instead of \(typeName(expected)).",
                        advice: ["A post-processor may replace an instance only with one of the definition's type."])
    }

    static func factoryReleased(subject: String) -> ResolutionError {
        ResolutionError(.factoryReleased, subject: subject, path: [],
                        summary: "the factory this reference belongs to has been released.",
                        advice: ["Keep the factory alive for as long as components that build more components from it."])
    }

    /// A resolution refused by a closed child's gate: `gate` says whether the child or a factory it
    /// descends from was closed.
    ///
    /// - Parameter reachedFromChild: the refusing factory was entered from another's resolution, a
    ///   child (or sub-session) of it reaching one of its components.
    static func factoryClosed(_ subject: ResolutionSubject, _ gate: ChildLifetime.Gate, reachedFromChild: Bool) -> ResolutionError {
        let name = subject.name
        let what = name.map { "\($0) from this child factory" } ?? "from this child factory"
        let path = subject.key.map { [$0] } ?? []
        if gate == .ancestorClosed || reachedFromChild {
            return ResolutionError(
                .factoryClosed, subject: what, path: path,
                summary: "a factory it was made from (a session it is a sub-session of) was closed, and this child reaches its "
                    + "components through it.",
                advice: ["Close a sub-session before the session it belongs to, or with it; after a session's close(), make its "
                         + "sub-sessions again from the session that replaces it."])
        }
        return ResolutionError(.factoryClosed, subject: what, path: path,
                               summary: "this child was closed (close()), and its pools were emptied.",
                               advice: ["Resolve from a child that is open: make a new one with parent.child(…) for the next session, "
                                        + "or resolve the parent's components from the parent."])
    }

    static func argumentsNotDeclared(_ key: String, count: Int) -> ResolutionError {
        ResolutionError(.parametersWithoutArguments, subject: key, path: [],
                        summary: "it was called with \(count) runtime argument\(count == 1 ? "" : "s"), but its define does not list them, so every argument value would share one pool entry.",
                        advice: ["Pass the method's parameters to define: define(arguments: name) { … }."])
    }

    static func argumentMismatch(_ key: String, arguments: [any Sendable], signatures: [String]) -> ResolutionError {
        let given = "(" + arguments.map { typeName(type(of: $0)) }.joined(separator: ", ") + ")"
        return ResolutionError(
            .argumentMismatch, subject: "key \"\(key)\"", path: [],
            summary: "no declared parameterized definition with this name accepts arguments \(given).",
            advice: ["The assembly's parameterized definitions take: \(signatures.joined(separator: ", ")).",
                     "Check the argument count and types, and that the method is listed in parameterizedDefinitions."])
    }

    static func configuration(_ error: ConfigurationError, path: [String]) -> ResolutionError {
        ResolutionError(.configuration, subject: path.last ?? "configuration \"\(error.key ?? "")\"", path: path,
                        summary: error.description, underlyingError: error)
    }

    /// No default factory where `reader` looked for one. A task's default is a task-local value, so a
    /// detached task or another thread, where it is most often missed, does not see it: the advice says so.
    ///
    /// - Parameters:
    ///   - reader: what read the default factory: `BlockComponentFactory.requireDefault()`, or an
    ///     `@Injected` property and where it is declared.
    ///   - passing: how that reader is handed a factory instead.
    static func noDefaultFactory(reader: String, passing: String) -> ResolutionError {
        ResolutionError(.noDefaultFactory, subject: "the default factory for \(reader)", path: [],
                        summary: "no factory is the default, neither this task's nor the process's.",
                        advice: ["Call makeDefault() on the factory the app activates at startup, or run this code inside withDefaultFactory(factory) { … }.",
                                 "A task's default factory (withDefaultFactory) is inherited by the tasks it creates with Task { }, async let and task groups, "
                                    + "but not by Task.detached nor by other threads (DispatchQueue, Thread): \(passing), "
                                    + "or call withDefaultFactory inside the detached task."])
    }

    /// A definition that failed activation's checks when first needed: one a body reached after
    /// activation, or a parameterized one with new argument values (`withArguments`), which no check at
    /// start-up sees.
    static func invalidDefinition(
        _ key: String, problems: [ValidationReport.Finding], path: [String], withArguments: Bool = false
    ) -> ResolutionError {
        let summary = problems.count == 1
            ? "its definition is invalid. \(problems[0].message)"
            : "its definition is invalid: " + problems.map(\.message).joined(separator: " ")
        let advice = withArguments
            ? "A definition with runtime arguments is checked when it is first resolved with new argument values."
            : "factory.validate() (or a MonsoonTesting factory) reports this at start-up, before anything is built."
        return ResolutionError(.invalidDefinition, subject: key, path: path, summary: summary, advice: [advice])
    }

    /// A definition body that resolved a component while the factory was evaluating definitions.
    static func resolvedWhileEvaluating(_ key: String, path: [String]) -> ResolutionError {
        ResolutionError(.invalidDefinition, subject: key, path: path,
                        summary: "it was resolved by a definition body while the factory was evaluating definitions.",
                        advice: ["A body of define { … } describes a component; resolve components in initializers or hooks, not in the body."])
    }
}
