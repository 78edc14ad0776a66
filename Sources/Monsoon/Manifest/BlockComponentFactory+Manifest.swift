import Foundation

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
    ///   - environment: a section of the manifest's `environments` whose assemblies and configuration
    ///     are added to the base ones (an assembly that subclasses a base assembly replaces it; its
    ///     configuration files are merged after the base ones, so they win).
    /// - Throws: ``ManifestError`` for every malformed input; nothing is activated then.
    public convenience init(manifest url: URL, environment: String? = nil) throws(ManifestError) {
        let name = url.lastPathComponent
        guard let data = try? Data(contentsOf: url) else {
            throw ManifestError(.missingFile, manifest: name, "the file does not exist or cannot be read (\(url.path)).")
        }
        try self.init(manifestData: data, name: name, configurationFolder: url.deletingLastPathComponent(), environment: environment)
    }

    /// Reads a manifest resource of `bundle` (for example `Bundle.module`), with configuration files
    /// from the same bundle.
    public convenience init(manifestResource: String, in bundle: Bundle, environment: String? = nil) throws(ManifestError) {
        guard let url = bundle.url(forResource: manifestResource, withExtension: "json") else {
            throw ManifestError(.missingFile, manifest: "\(manifestResource).json", "the bundle has no such resource (\(bundle.bundlePath)).")
        }
        try self.init(manifest: url, environment: environment)
    }

    /// Reads a manifest from `data`; `name` stands for it in messages, and configuration files are read
    /// from `configurationFolder`.
    public convenience init(manifestData data: Data, name: String = "manifest.json", configurationFolder: URL? = nil,
                            environment: String? = nil) throws(ManifestError) {
        guard let json = JSONValue.parse(data) else {
            throw ManifestError(.notJSON, manifest: name, "the file is not valid JSON.")
        }
        let manifest = try Manifest(json, name: name)
        let sections = try manifest.sections(for: environment, name: name)
        let assemblies = try Self.assemblies(listedIn: sections, allNames: manifest.allAssemblyNames, manifest: name)
        let configuration = try Self.configuration(listedIn: sections, folder: configurationFolder, manifest: name)
        do {
            try self.init(assemblies: assemblies, configuration: configuration)
        } catch {
            throw ManifestError(.activation, manifest: name, error.description, activationError: error)
        }
    }

    private static func assemblies(listedIn sections: [Manifest.Section], allNames: [String], manifest: String) throws(ManifestError) -> [Assembly] {
        var types: [any ManifestLoadable.Type] = []
        var resolvedNames: [String] = []
        for name in sections.flatMap(\.assemblies) {
            let suggestions = AssemblyTypeLookup.suggestions(for: name, resolvedNames: resolvedNames, otherNames: allNames)
            let type = try AssemblyTypeLookup.loadableAssembly(named: name, manifest: manifest, suggestions: suggestions)
            if types.contains(where: { $0 == type }) {
                throw ManifestError(.duplicateAssembly, manifest: manifest, "\(name) is listed more than once.")
            }
            // An environment's subclass of a base assembly takes its place (and keeps its position).
            if let base = types.firstIndex(where: { type != $0 && isSubclass(type, of: $0) }) {
                types[base] = type
                types.removeAll { other in other != type && isSubclass(type, of: other) }
            } else if let sub = types.first(where: { $0 != type && isSubclass($0, of: type) }) {
                throw ManifestError(.duplicateAssembly, manifest: manifest,
                                    "\(name) is a superclass of \(String(reflecting: sub)), which is already listed; list only one of them.")
            } else {
                types.append(type)
            }
            resolvedNames.append(name)
        }
        return types.map { $0.init() }
    }

    private static func isSubclass(_ type: any ManifestLoadable.Type, of base: any ManifestLoadable.Type) -> Bool {
        var current: AnyClass? = type
        while let candidate = current {
            if candidate == base { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    private static func configuration(listedIn sections: [Manifest.Section], folder: URL?, manifest: String) throws(ManifestError) -> Configuration {
        let files = sections.flatMap(\.config)
        guard !files.isEmpty else { return .empty }
        guard let folder else {
            throw ManifestError(.configuration, manifest: manifest, "it lists configuration files but no folder was given to read them from.")
        }
        do {
            return try Configuration(files: files.map { folder.appendingPathComponent($0) })
        } catch {
            throw ManifestError(.configuration, manifest: manifest, error.description, configurationError: error)
        }
    }
}

extension Manifest {
    /// Every assembly name in the manifest, environments included, for suggestions.
    var allAssemblyNames: [String] {
        base.assemblies + environments.values.flatMap(\.assemblies)
    }
}
