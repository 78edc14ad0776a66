import Foundation
import MonsoonFormats

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
        let root: JSONObject
        /// What the file is to the configuration reading it, when more than a file.
        var role: Role? = nil

        enum Role: Sendable {
            /// The configuration an assembly brings (``Assembly/configuration``), by the assembly's name.
            case defaults(of: String)
            /// The section of the factory's file named after an assembly.
            case section(String)
        }

        /// How messages name where a value came from.
        var origin: String {
            switch role {
            case nil: name
            case .defaults(let assembly): "\(assembly)'s own configuration (\(name))"
            case .section(let section): "section \"\(section)\" of \(name)"
            }
        }
    }

    let sources: [Source]
    /// Registered type converters, by the type they produce.
    let converters: [ObjectIdentifier: TypeConverter]
    private let merged: JSONObject
    /// `origins`, made on first use: the activation report and a few messages need it, and a
    /// configuration of a million keys should not pay for it otherwise.
    private let originTable: OriginTable
    /// The file names, in merge order.
    public let files: [String]

    /// For every dotted key of a leaf value, the file that supplied it.
    ///
    /// - Complexity: O(*n* · *f*) the first time, for *n* leaf values and *f* files; then O(1).
    public var origins: [String: String] {
        originTable.value { Self.origins(of: merged, sources: sources) }
    }

    /// No configuration: every lookup fails with `ErrorKind.missingKey`.
    public static let empty = Configuration(sources: [])

    /// - Complexity: O(*n*) in the total size of the sources.
    init(sources: [Source], converters: [ObjectIdentifier: TypeConverter] = [:]) {
        self.converters = converters
        var merged = JSONObject()
        for source in sources {
            if merged.isEmpty {
                merged = source.root
            } else {
                Self.merge(source.root, into: &merged)
            }
        }
        self.sources = sources
        self.merged = merged
        self.originTable = OriginTable()
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
    /// - Throws: `ErrorKind.missingKey` (with the nearest keys) or
    ///   `ErrorKind.wrongType` (naming the file and the expected type).
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
            throw .wrongType(key, provenance: provenance(of: key), file: source(of: key), expected: type, found: value.kindName,
                             because: Self.fieldProblem(error, in: value, key: key))
        }
    }

    /// What in an object or array did not decode, said of the field the decoder stopped at:
    /// `"harbor.retries" is missing`, `"harbor.retries" holds a string ("three"), where Int is expected`.
    private static func fieldProblem(_ error: any Error, in value: JSONValue, key: String) -> String? {
        guard let error = error as? DecodingError else { return nil }
        func field(_ path: [any CodingKey]) -> String {
            "\"" + ([key] + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }).joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "\""
        }
        func held(at path: [any CodingKey]) -> String {
            var current: JSONValue? = value
            for component in path {
                switch current {
                case .object(let object): current = object[component.stringValue]
                case .array(let array): current = component.intValue.flatMap { array.indices.contains($0) ? array[$0] : nil }
                default: current = nil
                }
            }
            switch current {
            case .string(let text): return "a string (\"\(text.prefix(40))\")"
            case .int(let number): return "a number (\(number))"
            case .double(let number): return "a number (\(number))"
            case .bool(let flag): return "a boolean (\(flag))"
            case let other?: return other.kindName
            case nil: return "nothing"
            }
        }
        switch error {
        case .keyNotFound(let missing, let context):
            return "\(field(context.codingPath + [missing])) is missing"
        case .typeMismatch(let expected, let context), .valueNotFound(let expected, let context):
            guard !context.codingPath.isEmpty else { return nil }
            return "\(field(context.codingPath)) holds \(held(at: context.codingPath)), where \(typeName(expected)) is expected"
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else { return nil }
            return "\(field(context.codingPath)) holds \(held(at: context.codingPath)), which is not valid there (\(context.debugDescription))"
        @unknown default:
            return nil
        }
    }

    /// The value at `key` as `type`, whose `Decodable` conformance Swift could not use where the
    /// injection was written (one isolated to the main actor): found at run time, on the main actor,
    /// where a dynamic cast finds such a conformance, and used there.
    func valueDecodedOnMainActor<V>(_ key: String, as type: V.Type) throws(ConfigurationError) -> V {
        _ = try existingValue(key)
        guard MainActorCall.isMainActor else { throw .decodedOffMainActor(key, type: type, knownDecodable: false) }
        guard let decodable = V.self as? any Decodable.Type else { throw .notDecodable(key, type: type) }
        func decode<D: Decodable>(_: D.Type) throws(ConfigurationError) -> Any { try value(key, as: D.self) }
        guard let typed = try decode(decodable) as? V else { throw .notDecodable(key, type: type) }
        return typed
    }

    /// The value at `key`, which must exist.
    func existingValue(_ key: String) throws(ConfigurationError) -> JSONValue {
        guard let value = lookup(key) else {
            if let (prefix, found) = scalarPrefix(of: key) {
                throw .underScalar(key, prefix: prefix, found: found.kindName, provenance: provenance(of: prefix), file: source(of: prefix))
            }
            throw .missingKey(key, files: files, nearest: nearestKeys(to: key))
        }
        return value
    }

    /// The file that supplied `key`: for an object, the last file that contributed to it.
    ///
    /// - Complexity: O(*d* · *f*) for a key *d* parts deep and *f* files.
    public func source(of key: String) -> String? {
        let components = key.split(separator: ".", omittingEmptySubsequences: false)
        return sources.last { Self.value(at: components, in: $0.root) != nil }?.name
    }

    /// Where the value at `key` came from, and the values of earlier sources it replaced, for messages.
    func provenance(of key: String) -> Provenance {
        let components = key.split(separator: ".", omittingEmptySubsequences: false)
        let supplying = sources.filter { Self.value(at: components, in: $0.root) != nil }
        guard let last = supplying.last else { return Provenance(origin: files.last ?? "configuration", isFile: true, overridden: []) }
        return Provenance(origin: last.origin, isFile: last.role == nil, overridden: supplying.dropLast().map(\.origin))
    }

    /// Whether any file supplied a value.
    var hasValues: Bool { !merged.isEmpty }

    /// Whether there is a value at the dotted `key`.
    func hasValue(at key: String) -> Bool { lookup(key) != nil }

    /// The top-level value named `name`, for an assembly's section.
    func section(named name: String) -> JSONValue? {
        merged[name]
    }

    private func lookup(_ key: String) -> JSONValue? {
        Self.value(at: key.split(separator: ".", omittingEmptySubsequences: false), in: merged)
    }

    /// The value at the dotted path `components` of `root`; a loop, never a recursion.
    private static func value(at components: [Substring], in root: JSONObject) -> JSONValue? {
        var current = JSONValue.object(root)
        for component in components {
            guard case .object(let object) = current, let next = object[String(component)] else { return nil }
            current = next
        }
        return current
    }

    /// The keys nearest to a missing one, found where it goes missing: the first part of `key` that its
    /// parent does not have is compared with that parent's keys only, and each near one is completed
    /// with the rest of `key` when that exists (`servce.url` → `service.url`).
    ///
    /// - Complexity: O(*s*) in the number of siblings compared, not in the size of the configuration.
    private func nearestKeys(to key: String) -> [String] {
        let components = key.split(separator: ".", omittingEmptySubsequences: false)
        var object = merged
        for (position, component) in components.enumerated() {
            guard let next = object[String(component)] else {
                let prefix = components[..<position].joined(separator: ".")
                let rest = components[(position + 1)...]
                return nearestNames(to: String(component), among: object.keys).map { sibling in
                    let path = prefix.isEmpty ? sibling : "\(prefix).\(sibling)"
                    guard !rest.isEmpty, case .object(let child)? = object[sibling],
                          Self.value(at: Array(rest), in: child) != nil else { return path }
                    return path + "." + rest.joined(separator: ".")
                }
            }
            guard case .object(let child) = next else { return [] }
            object = child
        }
        return []
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

    /// Merges `overlay` into `base` in place: objects key by key, anything else replaced. Each merged
    /// object is taken out of its parent while it changes, so that it is never copied.
    ///
    /// - Complexity: O(*n*) in the size of `overlay`; it recurses at most ``NestingLimit/depth`` deep.
    private static func merge(_ overlay: JSONObject, into base: inout JSONObject) {
        for (key, value) in overlay {
            guard case .object(let incoming) = value, case .object(var existing)? = base.take(key) else {
                base.set(value, forKey: key)
                continue
            }
            merge(incoming, into: &existing)
            base.set(.object(existing), forKey: key)
        }
    }

    /// The file that supplied each leaf value of `merged`: the last source that has a value at its path.
    private static func origins(of merged: JSONObject, sources: [Source]) -> [String: String] {
        var origins: [String: String] = [:]
        var pending: [(object: JSONObject, path: [Substring])] = [(merged, [])]
        while let (object, path) = pending.popLast() {
            for (key, value) in object {
                let childPath = path + [Substring(key)]
                if case .object(let child) = value, !child.isEmpty {
                    pending.append((child, childPath))
                } else if let source = sources.last(where: { Self.value(at: childPath, in: $0.root) != nil }) {
                    origins[childPath.joined(separator: ".")] = source.name
                }
            }
        }
        return origins
    }
}

/// `Configuration.origins`, computed once per configuration on first use, from any thread.
private final class OriginTable: Sendable {
    private let table = Locked<[String: String]?>(nil)

    func value(_ compute: () -> [String: String]) -> [String: String] {
        if let known = table.current { return known }
        let computed = compute()
        return table.withLock { stored in
            if let stored { return stored }
            stored = computed
            return computed
        }
    }
}

extension JSONValue {
    /// `text` as the scalar `type` wants, when it spells one: `yes`/`no`, `true`/`false`, `on`/`off` and
    /// `1`/`0` for `Bool` (any case), numerals for integer and floating-point types. `nil` otherwise.
    static func scalar(converting text: String, to type: Any.Type) -> JSONValue? {
        let wanted = MetadataKind.wrappedType(ofOptional: type) ?? type
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if wanted == Bool.self {
            switch trimmed.lowercased() {
            case "yes", "true", "on", "1": return .bool(true)
            case "no", "false", "off", "0": return .bool(false)
            default: return nil
            }
        }
        if wanted is any FixedWidthInteger.Type, let integer = Int(trimmed) { return .int(integer) }
        if wanted is any BinaryFloatingPoint.Type, let number = Double(trimmed) { return .double(number) }
        return nil
    }
}
