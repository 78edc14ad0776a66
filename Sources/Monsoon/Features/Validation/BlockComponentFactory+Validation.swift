extension BlockComponentFactory {
    /// Checks the whole graph without building anything (except, on request, definitions written as
    /// closures) and returns every finding at once.
    ///
    /// ```swift
    /// let report = factory.validate()
    /// for finding in report.findings(.error) { print(finding) }
    /// ```
    ///
    /// Errors: references to unknown definitions, initializer cycles, abstract definitions injected,
    /// singletons with runtime arguments, by-type injections with no or several candidates. Warnings:
    /// captive dependencies (a singleton holding an objectGraph, prototype or weakSingleton component).
    /// Information: definitions injected through closures, definitions nothing injects.
    ///
    /// - Parameter buildingOpaqueDefinitions: also build every definition that injects through
    ///   closures, each in a throwaway factory made from the same assemblies and configuration, and
    ///   report what it resolves or why it fails. This runs user code (and builds that factory's
    ///   singletons).
    /// - Complexity: O(definitions + injections), plus the builds when requested.
    public func validate(buildingOpaqueDefinitions: Bool = false) -> ValidationReport {
        // Every entry is completed first (what parameterized bodies reached is checked as activation checks
        // what it registers). A reference no assembly lists is left to the graph's own finding, which names
        // the injection.
        var findings = prepareAll().filter { $0.kind != .undeclaredDefinition }
        findings += Validator(factory: self).findings()
        // Activation checked the listed definitions; bodies run since may have reached others.
        if let conflict = ScopeConflicts.finding(in: catalog.allEntries) { findings.append(conflict) }
        findings += synchronousProvidersOfAsyncComponents()
        if buildingOpaqueDefinitions { findings += opaqueBuildFindings() }
        return ValidationReport(findings: findings)
    }

    /// The arguments of the listed initializers wired by type (`Definition(Garage.init(engine:wheels:))`)
    /// whose type has no definition or several: activation refuses them, as nothing in the definition
    /// says which component it meant. An argument written `.byType()` is left to validation and to the
    /// resolution that reaches it, as before.
    func wiringProblems() -> [ValidationReport.Finding] {
        var findings: [ValidationReport.Finding] = []
        for entry in catalog.listedEntries where entry.definition.isWiredByType {
            for dependency in entry.definition.dependencies {
                guard case .type(let type) = dependency.target else { continue }
                let candidates = catalog.entries(declaring: type) ?? []
                if candidates.count > 1 {
                    findings.append(Validator.finding(from: entry.key, site: dependency.site,
                                                      .ambiguous(type: type, candidates: candidates.map(\.key)), in: self))
                } else if candidates.isEmpty, !Completion.isImplicit(type) {
                    findings.append(Validator.finding(from: entry.key, site: dependency.site, .noCandidate(type: type), in: self))
                }
            }
        }
        return findings
    }

    /// A ``Lazy`` or `.closure(…)` of a component whose build awaits (an async initializer not started
    /// by `start()`): called synchronously, it fails at every call until something else has built it.
    private func synchronousProvidersOfAsyncComponents() -> [ValidationReport.Finding] {
        var findings: [ValidationReport.Finding] = []
        func check(_ target: Dependency.Target, of holder: RegistryEntry) {
            switch target {
            case .collection(let targets):
                for element in targets { check(element, of: holder) }
            case .synchronousProvider(let reference):
                guard let entry = catalog.entry(for: reference), !findings.contains(where: { $0.path.prefix(2) == [holder.key, entry.key] }),
                      let path = AsyncReach.path(toAsyncFrom: entry, in: self, includingBuilt: true),
                      let awaited = path.last.flatMap(catalog.entry(forKey:)), !awaited.scope.isEager else { return }
                let method = DefinitionKey(parsing: entry.key)?.method ?? entry.key
                let why = path.count > 1 ? "needs \(awaited.key), whose initializer is async" : "has an async initializer"
                findings.append(ValidationReport.Finding(
                    severity: .warning, kind: .asyncRequired, subject: holder.key, path: [holder.key] + path,
                    message: "\(holder.key) injects a synchronous provider (a Lazy or .closure(…)) of \(entry.key), which \(why): it is called "
                        + "synchronously, so it cannot await it, and each call fails until something else has built it. Inject "
                        + ".provider(\(method)) instead and call it with `try await provider()`."))
            default:
                return
            }
        }
        for holder in catalog.listedEntries + catalog.reachedEntries {
            for dependency in holder.definition.dependencies { check(dependency.target, of: holder) }
        }
        return findings
    }

    private func opaqueBuildFindings() -> [ValidationReport.Finding] {
        let registered = Set(catalog.keys)
        let opaqueKeys = graph().nodes.filter { $0.hasOpaqueInjections && !$0.isAbstract && registered.contains($0.key) }.map(\.key)
        guard !opaqueKeys.isEmpty else { return [] }
        let throwaway: BlockComponentFactory
        do {
            throwaway = try derived(assemblies: assemblies.given.assemblies, excluding: assemblies.given.excluded, validating: false,
                                   observingFailures: false)
        } catch {
            return [ValidationReport.Finding(severity: .error, kind: .opaqueDefinitionFailed, subject: "activation",
                                             path: [], message: "the throwaway factory failed to activate: \(error)")]
        }
        return opaqueKeys.map { key in
            let (outcome, trace) = throwaway.trace { () -> ResolutionError? in
                do throws(ResolutionError) {
                    _ = try throwaway.resolve(key: key, as: Any.self)
                    return nil
                } catch {
                    return error
                }
            }
            if let outcome {
                return ValidationReport.Finding(severity: .error, kind: .opaqueDefinitionFailed, subject: key, path: outcome.path,
                                                message: "building \(key) in a throwaway factory failed: \(outcome)")
            }
            let resolved = trace.roots.flatMap(\.children).map(\.key)
            let list = resolved.isEmpty ? "nothing" : resolved.joined(separator: ", ")
            return ValidationReport.Finding(severity: .info, kind: .opaqueDefinition, subject: key, path: [key] + resolved,
                                            message: "\(key) builds in a throwaway factory; it resolves \(list).")
        }
    }
}
