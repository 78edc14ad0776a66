import Foundation

/// Configuration values read from JSON files and injected by dotted key (Typhoon's config files).
///
/// ```swift
/// let configuration = try Configuration(files: [baseURL, overridesURL])   // later files win
/// let factory = try BlockComponentFactory(assemblies: [ServiceAssembly()], configuration: configuration)
///
/// func client() -> Definition<WeatherClient> {
///     define { Definition(WeatherClient.init(baseURL:retries:), .config("service.baseURL"), .config("service.retries")) }
/// }
/// ```
///
/// Files merge in order: objects merge key by key, and for the same key the later file wins. Every value
/// converts to any `Decodable` type the component asks for: `String`, `Int`, `Double`, `Bool`, `URL`,
/// arrays, dictionaries, your own structs.
public struct Configuration: Sendable {
    /// One configuration document and the name messages use for it.
    struct Source: Sendable {
        let name: String
        let root: [String: JSONValue]
    }

    let sources: [Source]
    /// Registered type converters, by the type they produce.
    let converters: [ObjectIdentifier: TypeConverter]
    private let merged: [String: JSONValue]
    /// For every dotted key of a leaf value, the file that supplied it.
    public let origins: [String: String]
    /// The file names, in merge order.
    public let files: [String]

    /// No configuration: every lookup fails with `ConfigurationError.Kind.missingKey`.
    public static let empty = Configuration(sources: [])

    init(sources: [Source], converters: [ObjectIdentifier: TypeConverter] = [:]) {
        self.converters = converters
        var merged: [String: JSONValue] = [:]
        var origins: [String: String] = [:]
        for source in sources {
            merged = Self.merge(merged, source.root)
            Self.forgetOverriddenOrigins(by: source.root, prefix: "", in: &origins)
            Self.recordOrigins(of: .object(source.root), prefix: "", file: source.name, into: &origins)
        }
        self.sources = sources
        self.merged = merged
        self.origins = origins
        self.files = sources.map(\.name)
    }

    /// This configuration with `other`'s files merged after its own, so that `other` wins where both
    /// have a key: how a test overrides a few values of the app's configuration.
    ///
    /// ```swift
    /// let testing = appConfiguration.overriding(with: try Configuration(json: Data(#"{"service": {"retries": 0}}"#.utf8), name: "test"))
    /// ```
    public func overriding(with other: Configuration) -> Configuration {
        Configuration(sources: sources + other.sources, converters: converters.merging(other.converters) { _, theirs in theirs })
    }

    /// Loads and merges JSON files, in order.
    ///
    /// - Throws: ``ConfigurationError`` — a missing file, a file that is not JSON, or one whose top level
    ///   is not an object.
    public init(files: [URL]) throws(ConfigurationError) {
        try self.init(files: files.map { ($0, $0.lastPathComponent) })
    }

    /// Loads files that messages name as given (the manifest's `config/dev.json`, folder included).
    init(files: [(url: URL, name: String)]) throws(ConfigurationError) {
        var sources: [Source] = []
        for (url, name) in files {
            guard let data = try? Data(contentsOf: url) else { throw .missingFile(name) }
            sources.append(try Self.source(data, name: name))
        }
        self.init(sources: sources)
    }

    /// Configuration from JSON data; `name` stands for the file in messages and the activation report.
    public init(json: Data, name: String) throws(ConfigurationError) {
        self.init(sources: [try Self.source(json, name: name)])
    }

    /// One file's content, read as its name's extension says: `.plist` a property list, `.properties`
    /// `key=value` lines, anything else JSON.
    static func source(_ data: Data, name: String) throws(ConfigurationError) -> Source {
        let value: JSONValue
        switch ConfigurationFormat(fileName: name) {
        case .propertyList:
            value = try ConfigurationFormat.propertyList(data, name: name)
        case .properties:
            value = try ConfigurationFormat.properties(data, name: name)
        case .json:
            switch JSONValue.parse(data) {
            case .success(let parsed): value = parsed
            case .failure(let problem): throw .notJSON(name, problem: problem)
            }
        }
        guard case .object(let root) = value else { throw .notAnObject(name, found: value.kindName) }
        return Source(name: name, root: root)
    }

    /// The value at a dotted key, converted to `type`.
    ///
    /// - Throws: `ConfigurationError.Kind.missingKey` (with the nearest keys) or
    ///   `ConfigurationError.Kind.wrongType` (naming the file and the expected type).
    public func value<T: Decodable>(_ key: String, as type: T.Type = T.self) throws(ConfigurationError) -> T {
        let value = try existingValue(key)
        if let converted = try convertedByRegisteredConverter(value, key: key, as: type) { return converted }
        do {
            return try value.decode(as: type)
        } catch {
            // A string where a number or a boolean is wanted: what properties files hold, and what
            // Typhoon converted ("yes" is true, "3" is 3).
            if case .string(let text) = value, let converted = JSONValue.scalar(converting: text, to: type),
               let typed = try? converted.decode(as: type) {
                return typed
            }
            throw .wrongType(key, file: source(of: key) ?? files.last ?? "configuration", expected: type, found: value.kindName)
        }
    }

    /// The value at `key`, which must exist.
    func existingValue(_ key: String) throws(ConfigurationError) -> JSONValue {
        guard let value = lookup(key) else {
            if let (prefix, found) = scalarPrefix(of: key) {
                throw .underScalar(key, prefix: prefix, found: found.kindName, file: source(of: prefix) ?? files.last ?? "configuration")
            }
            throw .missingKey(key, files: files, nearest: nearestNames(to: key, among: Array(origins.keys)))
        }
        return value
    }

    /// The file that supplied `key`: for an object, the last file that contributed to it.
    public func source(of key: String) -> String? {
        if let file = origins[key] { return file }
        let prefix = key + "."
        return files.last { file in origins.contains { $0.key.hasPrefix(prefix) && $0.value == file } }
    }

    /// The top-level value named `name`, for an assembly's section.
    func section(named name: String) -> JSONValue? {
        merged[name]
    }

    private func lookup(_ key: String) -> JSONValue? {
        var current = JSONValue.object(merged)
        for component in key.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let object) = current, let next = object[String(component)] else { return nil }
            current = next
        }
        return current
    }

    /// The longest proper prefix of `key` whose value is not an object (`service` in `service.url` when
    /// `service` is a string), which is why the key cannot exist.
    private func scalarPrefix(of key: String) -> (prefix: String, value: JSONValue)? {
        var current = JSONValue.object(merged)
        var path: [Substring] = []
        for component in key.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let object) = current else {
                return (path.joined(separator: "."), current)
            }
            guard let next = object[String(component)] else { return nil }
            path.append(component)
            current = next
        }
        return nil
    }

    private static func merge(_ base: [String: JSONValue], _ overlay: [String: JSONValue]) -> [String: JSONValue] {
        var result = base
        for (key, value) in overlay {
            if case .object(let existing)? = result[key], case .object(let incoming) = value {
                result[key] = .object(merge(existing, incoming))
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// Drops the origins of keys a later file replaces with a value of another shape (an object by a
    /// scalar, or a scalar by an object), so the report never lists a key that no longer exists.
    private static func forgetOverriddenOrigins(by object: [String: JSONValue], prefix: String, in origins: inout [String: String]) {
        for (key, value) in object {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            if case .object(let child) = value, !child.isEmpty {
                origins[path] = nil
                forgetOverriddenOrigins(by: child, prefix: path, in: &origins)
            } else {
                origins = origins.filter { !$0.key.hasPrefix(path + ".") }
            }
        }
    }

    private static func recordOrigins(of value: JSONValue, prefix: String, file: String, into origins: inout [String: String]) {
        guard case .object(let object) = value, !(object.isEmpty && !prefix.isEmpty) else {
            origins[prefix] = file
            return
        }
        for (key, child) in object {
            recordOrigins(of: child, prefix: prefix.isEmpty ? key : "\(prefix).\(key)", file: file, into: &origins)
        }
    }
}
