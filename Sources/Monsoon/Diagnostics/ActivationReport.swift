/// What activation did: the assemblies (and which assemblies each replaced), every definition with its
/// scope and type, and how long each eager singleton took to build, slowest first.
///
/// ```swift
/// print(factory.activationReport)
/// // Activated 2 assemblies with 8 definitions; built 1 singleton in 0.02 ms
/// //   DragonQuestAssembly (replaces QuestAssembly): 6 definitions
/// // …
/// ```
public struct ActivationReport: Sendable, CustomStringConvertible {
    /// One eager singleton and the time its resolution took, its dependencies included.
    typealias SingletonTiming = (key: String, duration: Duration)

    /// Every activated assembly, in activation order: those passed, then their collaborators. Each
    /// names its type, the superclasses it replaces (nearest first; empty for a plain assembly), how many
    /// definitions it registered, and the assembly that declared or held it as a collaborator (`nil` for
    /// an assembly passed at activation).
    public let assemblies: [(name: String, replaces: [String], definitionCount: Int, collaboratorOf: String?)]
    /// Every registered definition, in registration order.
    let definitions: [DefinitionInfo]
    /// Every configuration key with the file that supplied it, sorted by key.
    public let configuration: [(key: String, file: String)]
    /// Every eager singleton with the time building it took at activation (its dependencies
    /// included) or in ``BlockComponentFactory/start()`` (from when the singletons it injects were
    /// built, since `start()` builds those first), slowest first.
    public let singletons: [(key: String, duration: Duration)]
    /// The keys of the eager singletons that await (an async initializer, or one they inject) and that
    /// ``BlockComponentFactory/start()`` has not built yet.
    public let awaitingStart: [String]
    /// The chain of eager singletons that set how long ``BlockComponentFactory/start()`` took, first
    /// built first: the one that finished last, preceded by the singleton it waited for that finished
    /// last, and so on back to one that waited for none. Each comes with the time its own build took
    /// once what it injects was built; their sum is about the start-up time, however many singletons
    /// were built beside them. Empty until a `start()` has built something.
    public let criticalPath: [(key: String, duration: Duration)]
    /// What resolving each definition needs beyond a plain call, by key: the main actor, `await`, or
    /// both, because of its own initializer or of one it injects (the paths are in
    /// ``BlockComponentFactory/validate(buildingOpaqueDefinitions:)``'s `mainActorRequired` and
    /// `asyncRequired` findings). Definitions that need neither are absent.
    public let resolutionNeeds: [String: ResolutionNeeds]
    /// What companions of the factory add (MonsoonLifecycle's module start-up times, say), printed after
    /// the rest.
    package private(set) var sections: [Section] = []

    /// What a resolution of a definition needs: the main actor, `await`, or both.
    public struct ResolutionNeeds: OptionSet, Sendable, Hashable {
        /// The needs as bits: `mainActor` is 1, `await` is 2.
        public let rawValue: Int
        /// The needs with these bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// It, or a component it injects, is built on the main actor: resolve it there or with `try await`.
        public static let mainActor = ResolutionNeeds(rawValue: 1)
        /// It, or a component it injects, has an async initializer: resolve it with `try await`.
        public static let await = ResolutionNeeds(rawValue: 2)

        var label: String {
            [contains(.mainActor) ? "main actor" : nil, contains(.await) ? "await" : nil].compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// A titled block of lines that a companion library adds to the report.
    package struct Section: Sendable {
        /// The heading, like `Modules, by priority`.
        package let title: String
        /// The lines under it, without indentation.
        package let lines: [String]

        package init(title: String, lines: [String]) {
            self.title = title
            self.lines = lines
        }
    }

    /// This report with `section` added at its end.
    package func adding(_ section: Section) -> ActivationReport {
        var copy = self
        copy.sections.append(section)
        return copy
    }

    /// A duration as the report prints it, like `0.25 ms`.
    package static func formatted(_ duration: Duration) -> String {
        milliseconds(duration)
    }

    public var description: String {
        let total = singletons.reduce(Duration.zero) { $0 + $1.duration }
        var lines = ["Activated \(assemblies.count) assemblies with \(definitions.count) definitions; "
            + "built \(singletons.count) singleton\(singletons.count == 1 ? "" : "s") in \(Self.milliseconds(total))"]
        lines.append("Assemblies:")
        for assembly in assemblies {
            let replaces = assembly.replaces.isEmpty ? "" : " (replaces \(assembly.replaces.joined(separator: ", ")))"
            let collaborator = assembly.collaboratorOf.map { " (collaborator of \($0))" } ?? ""
            lines.append("  \(assembly.name)\(replaces)\(collaborator): \(assembly.definitionCount) definition\(assembly.definitionCount == 1 ? "" : "s")")
        }
        lines.append("Definitions:")
        let keyWidth = definitions.map(\.key.count).max() ?? 0
        let scopeWidth = definitions.map(\.scope.name.count).max() ?? 0
        for row in definitions {
            let isolation = (row.isMainActor ? "@MainActor " : "") + (row.isAsync ? "async " : "")
            let needs = resolutionNeeds[row.key].map { "  [needs \($0.label)]" } ?? ""
            lines.append("  " + Self.pad(row.key, keyWidth) + "  " + Self.pad(row.scope.name, scopeWidth)
                + "  " + isolation + row.typeName + "  (" + row.location + ")" + needs)
        }
        if !configuration.isEmpty {
            lines.append("Configuration:")
            let width = configuration.map(\.key.count).max() ?? 0
            for (key, file) in configuration { lines.append("  \(Self.pad(key, width))  from \(file)") }
        }
        if !singletons.isEmpty {
            lines.append("Singletons, slowest first:")
            for singleton in singletons { lines.append("  \(Self.pad(singleton.key, keyWidth))  \(Self.milliseconds(singleton.duration))") }
        }
        if !awaitingStart.isEmpty {
            lines.append("Singletons that await, built by start():")
            lines += awaitingStart.map { "  \($0)" }
        }
        if !criticalPath.isEmpty {
            let total = criticalPath.reduce(Duration.zero) { $0 + $1.duration }
            lines.append("Critical path of start(), \(Self.milliseconds(total)):")
            lines += criticalPath.map { "  \($0.key)  \(Self.milliseconds($0.duration))" }
        }
        for section in sections {
            lines.append("\(section.title):")
            lines += section.lines.map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        let hundredths = (milliseconds * 100).rounded() / 100
        return "\(hundredths) ms"
    }
}

extension ActivationReport {
    init(catalog: Catalog, directory: AssemblyDirectory, configuration: Configuration,
         assemblyConfiguration: [(key: String, file: String)], resolutionNeeds: [String: ResolutionNeeds]) {
        self.resolutionNeeds = resolutionNeeds
        self.configuration = (configuration.origins.map { ($0.key, $0.value) } + assemblyConfiguration).sorted { $0.key < $1.key }
        let replaced = Dictionary(directory.replacements.map { ($0.assembly, $0.replaces) }, uniquingKeysWith: { first, _ in first })
        let names = directory.assemblyNames
        var counts: [String: Int] = [:]
        for entry in catalog.listedEntries { counts[entry.assemblyName, default: 0] += 1 }
        assemblies = names.map { name in
            (name: name, replaces: replaced[name] ?? [], definitionCount: counts[name] ?? 0,
             collaboratorOf: directory.collaboratorOf[name])
        }
        definitions = catalog.listedEntries.map(\.info)
        singletons = []
        criticalPath = []
        awaitingStart = catalog.listedEntries.filter(\.awaitsStart).map(\.key)
    }

    func with(singletons: [SingletonTiming], criticalPath: [SingletonTiming]) -> ActivationReport {
        ActivationReport(assemblies: assemblies, definitions: definitions, configuration: configuration, singletons: singletons,
                         awaitingStart: awaitingStart, criticalPath: criticalPath, resolutionNeeds: resolutionNeeds)
    }
}
