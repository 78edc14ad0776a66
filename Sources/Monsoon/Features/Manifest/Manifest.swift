import MonsoonFormats

/// The parsed content of a startup manifest: which assemblies to activate and which configuration files
/// to attach, with optional per-environment additions. The format is documented in `Docs/Manifest.md`
/// with a JSON Schema beside it.
///
/// ```json
/// {
///   "version": 1,
///   "assemblies": ["PocketForecast.CoreAssembly", "PocketForecast.ServiceAssembly"],
///   "config": ["config.json"],
///   "environments": { "offline": { "assemblies": ["PocketForecast.OfflineCoreAssembly"], "config": ["offline.json"] } }
/// }
/// ```
struct Manifest: Sendable {
    struct Section: Sendable {
        var assemblies: [String] = []
        var config: [String] = []
        /// Lifecycle modules (MonsoonLifecycle), which a `ModuleHost` starts.
        var modules: [ManifestModule] = []
        /// Where the section is in the file, as a JSON path: `$` or `$.environments.offline`.
        var path = "$"
    }

    static let supportedVersion = 1
    private static let topLevelKeys = ["$schema", "version", "assemblies", "config", "modules", "environments"]
    private static let sectionKeys = ["assemblies", "config", "modules"]
    private static let moduleKeys = ["type", "priority"]

    var base = Section()
    var environments: [String: Section] = [:]

    /// Reads a manifest from parsed JSON, reporting the JSON path of the first thing out of shape.
    init(_ json: JSONValue, name: String) throws(ManifestError) {
        guard case .object(let root) = json else {
            throw ManifestError(.wrongShape, manifest: name, "$: expected an object, found \(json.kindName).")
        }
        try Self.rejectUnknownKeys(root, allowed: Self.topLevelKeys, path: "$", name: name)
        guard let version = root["version"] else {
            throw ManifestError(.wrongShape, manifest: name, "$.version: missing; add \"version\": \(Self.supportedVersion).")
        }
        guard case .int(let number) = version else {
            throw ManifestError(.wrongShape, manifest: name, "$.version: expected a number, found \(version.kindName).")
        }
        guard number == Self.supportedVersion else {
            throw ManifestError(.unsupportedVersion, manifest: name,
                                "$.version is \(number), but this Monsoon reads version \(Self.supportedVersion).")
        }
        base = try Self.section(root, path: "$", name: name)
        if base.assemblies.isEmpty && base.modules.isEmpty {
            throw ManifestError(.wrongShape, manifest: name, "$.assemblies: missing or empty; list at least one assembly type name (or lifecycle modules under \"modules\").")
        }
        if let environments = root["environments"] {
            guard case .object(let sections) = environments else {
                throw ManifestError(.wrongShape, manifest: name, "$.environments: expected an object, found \(environments.kindName).")
            }
            for (environment, value) in sections.sorted(by: { $0.key < $1.key }) {
                let path = "$.environments.\(environment)"
                guard case .object(let section) = value else {
                    throw ManifestError(.wrongShape, manifest: name, "\(path): expected an object, found \(value.kindName).")
                }
                try Self.rejectUnknownKeys(section, allowed: Self.sectionKeys, path: path, name: name)
                self.environments[environment] = try Self.section(section, path: path, name: name)
            }
        }
    }

    /// The base section followed by `environment`'s, if any.
    func sections(for environment: String?, name: String) throws(ManifestError) -> [Section] {
        guard let environment else { return [base] }
        guard let section = environments[environment] else {
            let known = environments.keys.sorted()
            throw ManifestError(.unknownEnvironment, manifest: name,
                                "no environment \"\(environment)\" (known: \(known.isEmpty ? "none" : known.joined(separator: ", "))).")
        }
        return [base, section]
    }

    private static func section(_ object: JSONObject, path: String, name: String) throws(ManifestError) -> Section {
        Section(assemblies: try strings(object["assemblies"], path: "\(path).assemblies", name: name),
                config: try strings(object["config"], path: "\(path).config", name: name),
                modules: try modules(object["modules"], path: "\(path).modules", name: name), path: path)
    }

    private static func modules(_ value: JSONValue?, path: String, name: String) throws(ManifestError) -> [ManifestModule] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            throw ManifestError(.wrongShape, manifest: name, "\(path): expected an array of modules, found \(value.kindName).")
        }
        var modules: [ManifestModule] = []
        for (index, item) in items.enumerated() {
            let place = "\(path)[\(index)]"
            guard case .object(let object) = item else {
                throw ManifestError(.wrongShape, manifest: name, "\(place): expected an object like {\"type\": \"MyApp.OrdersModule\", \"priority\": 100}, found \(item.kindName).")
            }
            try rejectUnknownKeys(object, allowed: moduleKeys, path: place, name: name)
            guard case .string(let type)? = object["type"], !type.isEmpty else {
                throw ManifestError(.wrongShape, manifest: name, "\(place).type: missing; name the module's type, like MyApp.OrdersModule.")
            }
            var priority = 0
            if let value = object["priority"] {
                guard case .int(let number) = value else {
                    throw ManifestError(.wrongShape, manifest: name, "\(place).priority: expected a whole number, found \(value.kindName).")
                }
                priority = number
            }
            modules.append(ManifestModule(type: type, priority: priority, place: place))
        }
        return modules
    }

    private static func strings(_ value: JSONValue?, path: String, name: String) throws(ManifestError) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            throw ManifestError(.wrongShape, manifest: name, "\(path): expected an array of strings, found \(value.kindName).")
        }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .string(let string) = item, !string.isEmpty else {
                throw ManifestError(.wrongShape, manifest: name, "\(path)[\(index)]: expected a non-empty string, found \(item.kindName).")
            }
            strings.append(string)
        }
        return strings
    }

    private static func rejectUnknownKeys(_ object: JSONObject, allowed: [String], path: String, name: String) throws(ManifestError) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            let nearest = nearestNames(to: key, among: allowed)
            let hint = nearest.isEmpty ? "allowed: \(allowed.joined(separator: ", "))" : "did you mean \(nearest.joined(separator: ", "))?"
            throw ManifestError(.wrongShape, manifest: name, "\(path).\(key): unknown key; \(hint)")
        }
    }
}

/// A lifecycle module a manifest lists: its type name, its priority (higher starts first) and where it is
/// in the file, for messages.
package struct ManifestModule: Sendable {
    package let type: String
    package let priority: Int
    package let place: String
}
