import Foundation
import MonsoonFormats

/// Starting a factory from a JSON manifest (Typhoon's Info.plist list of initial assemblies).
extension BlockComponentFactory {
    /// Reads the manifest at `url`, creates its assemblies, loads its configuration files (relative to
    /// the manifest's folder) and activates a factory.
    ///
    /// ```swift
    /// let factory = try BlockComponentFactory(manifest: Bundle.module.url(forResource: "manifest", withExtension: "json")!)
    /// ```
    ///
    /// - Parameters:
    ///   - url: the manifest file; configuration files it lists are read from its folder.
    ///   - environment: a section of the manifest's `environments` whose assemblies and configuration
    ///     are added to the base ones (an assembly that subclasses a base assembly replaces it; its
    ///     configuration files are merged after the base ones, so they win).
    ///   - doubles: `.previews` for a preview factory (see ``Doubles``).
    /// - Throws: ``ManifestError`` for every malformed input; nothing is activated then.
    public convenience init(manifest url: URL, environment: String? = nil, doubles: Doubles = .none) throws(ManifestError) {
        let contents = try Self.manifestContents(at: url, environment: environment)
        try self.init(activating: contents, doubles: doubles)
    }

    /// Reads a manifest resource of `bundle` (for example `Bundle.module`), with configuration files
    /// from the same bundle.
    public convenience init(manifestResource: String, in bundle: Bundle, environment: String? = nil,
                            doubles: Doubles = .none) throws(ManifestError) {
        guard let url = bundle.url(forResource: manifestResource, withExtension: "json") else {
            throw ManifestError(.missingFile, manifest: "\(manifestResource).json", "the bundle has no such resource (\(bundle.bundlePath)).")
        }
        try self.init(manifest: url, environment: environment, doubles: doubles)
    }

    /// Reads a manifest from `data`; `name` stands for it in messages, and configuration files are read
    /// from `configurationFolder`.
    public convenience init(manifestData data: Data, name: String = "manifest.json", configurationFolder: URL? = nil,
                            environment: String? = nil, doubles: Doubles = .none) throws(ManifestError) {
        let contents = try Self.manifestContents(data: data, name: name, configurationFolder: configurationFolder, environment: environment)
        try self.init(activating: contents, doubles: doubles)
    }

    private convenience init(activating contents: ManifestContents, doubles: Doubles) throws(ManifestError) {
        if let module = contents.modules.first {
            // Started here, its modules would never receive their events or register their services.
            throw ManifestError(.wrongShape, manifest: contents.name,
                                "\(module.place): this manifest lists lifecycle modules; start it with ModuleHost(manifest:) from MonsoonLifecycle, which activates the factory and runs the modules.")
        }
        do {
            try self.init(assemblies: contents.assemblies, configuration: contents.configuration, doubles: doubles)
        } catch {
            throw ManifestError(.activation, manifest: contents.name, error.description, activationError: error)
        }
    }

    /// What a manifest file lists for `environment`, created and loaded but not activated: for test
    /// support that swaps assemblies before activating.
    package static func manifestContents(at url: URL, environment: String?) throws(ManifestError) -> ManifestContents {
        let name = url.lastPathComponent
        // Read in a function of its own, so that the file's bytes and their JSON are freed before the
        // assemblies are looked up: a large manifest is never held three times at once.
        let manifest = try Self.manifest(readingFile: url, name: name)
        return try manifestContents(manifest, name: name, configurationFolder: url.deletingLastPathComponent(), environment: environment)
    }

    package static func manifestContents(
        data: Data, name: String, configurationFolder: URL?, environment: String?
    ) throws(ManifestError) -> ManifestContents {
        try manifestContents(try Self.manifest(data, name: name), name: name, configurationFolder: configurationFolder, environment: environment)
    }

    private static func manifest(readingFile url: URL, name: String) throws(ManifestError) -> Manifest {
        guard let data = try? Data(contentsOf: url) else {
            throw ManifestError(.missingFile, manifest: name, "the file does not exist or cannot be read (\(url.path)).")
        }
        return try manifest(data, name: name)
    }

    /// The manifest in `data`; its JSON is freed when this returns.
    private static func manifest(_ data: Data, name: String) throws(ManifestError) -> Manifest {
        switch JSONValue.parse(data) {
        case .success(let json):
            return try Manifest(json, name: name)
        case .failure(let problem) where problem.kind == .empty:
            throw ManifestError(.notJSON, manifest: name, "the file is empty; a manifest is a JSON object with \"version\" and \"assemblies\".")
        case .failure(let problem):
            throw ManifestError(.notJSON, manifest: name, "the file is not valid JSON: \(problem).")
        }
    }

    private static func manifestContents(
        _ manifest: Manifest, name: String, configurationFolder: URL?, environment: String?
    ) throws(ManifestError) -> ManifestContents {
        let sections = try manifest.sections(for: environment, name: name)
        let assemblies = try Self.assemblies(listedIn: sections, in: manifest, manifest: name)
        let configuration = try Self.configuration(listedIn: sections, folder: configurationFolder, manifest: name)
        return ManifestContents(name: name, assemblies: assemblies, configuration: configuration, modules: sections.flatMap(\.modules))
    }

    /// The assemblies `sections` list, created. Each name's place is made when its turn comes, and the
    /// suggestions for an unknown name (a set of every listed name, a search of all the others) only when
    /// a name is unknown: made up front, they made a 50 MB manifest of names peak at 12× its size.
    private static func assemblies(listedIn sections: [Manifest.Section], in file: Manifest, manifest: String) throws(ManifestError) -> [Assembly] {
        var types: [any ManifestLoadable.Type] = []
        var places: [String] = []
        var resolvedNames: [String] = []
        for section in sections {
            for (offset, name) in section.assemblies.enumerated() {
                let place = "\(section.path).assemblies[\(offset)]"
                let type = try AssemblyTypeLookup.loadableAssembly(named: name, place: place, manifest: manifest) { [resolvedNames] in
                    let listed = Set(sections.lazy.flatMap(\.assemblies))
                    return AssemblyTypeLookup.suggestions(for: name, resolvedNames: resolvedNames, otherNames: file.allAssemblyNames, listed: listed)
                }
                if let earlier = types.firstIndex(where: { $0 == type }) {
                    throw ManifestError(.duplicateAssembly, manifest: manifest, "\(place): \(name) is listed more than once (also at \(places[earlier])).")
                }
                // An environment's subclass of a base assembly takes its place (and keeps its position).
                if let base = types.firstIndex(where: { type != $0 && isSubclass(type, of: $0) }) {
                    types[base] = type
                    places[base] = place
                    types.removeAll { other in other != type && isSubclass(type, of: other) }
                } else if let sub = types.firstIndex(where: { $0 != type && isSubclass($0, of: type) }) {
                    throw ManifestError(.duplicateAssembly, manifest: manifest,
                                        "\(place): \(name) is a superclass of \(String(reflecting: types[sub])), which is already listed at \(places[sub]); list only one of them.")
                } else {
                    types.append(type)
                    places.append(place)
                }
                resolvedNames.append(name)
            }
        }
        return types.map { $0.init() }
    }

    private static func isSubclass(_ type: any ManifestLoadable.Type, of base: any ManifestLoadable.Type) -> Bool {
        ClassHierarchy.isSubclass(type, of: base)
    }

    private static func configuration(listedIn sections: [Manifest.Section], folder: URL?, manifest: String) throws(ManifestError) -> Configuration {
        let files = sections.flatMap(\.config)
        guard !files.isEmpty else { return .empty }
        guard let folder else {
            throw ManifestError(.configuration, manifest: manifest, "it lists configuration files but no folder was given to read them from.")
        }
        do {
            return try Configuration(files: files.map { (folder.appendingPathComponent($0), $0) })
        } catch {
            throw ManifestError(.configuration, manifest: manifest, error.description, configurationError: error)
        }
    }
}

extension Manifest {
    /// Every assembly name in the manifest, environments included, for suggestions; read lazily.
    var allAssemblyNames: some Sequence<String> {
        ([base] + environments.values).lazy.flatMap(\.assemblies)
    }
}
