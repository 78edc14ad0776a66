import Foundation

/// The file formats configuration is read from, besides JSON: property lists (Typhoon's
/// `Configuration.plist`) and `key=value` properties files. Both become the same JSON-like value, so they
/// merge with JSON files and convert the same way.
enum ConfigurationFormat {
    case json, propertyList, properties

    /// The format a file's name says: `.plist`, `.properties`, anything else JSON.
    init(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "plist": self = .propertyList
        case "properties": self = .properties
        default: self = .json
        }
    }

    /// A property list's content as configuration: dictionaries, arrays, strings, numbers and booleans.
    /// Dates and data have no configuration value; they are reported with the key they sit under.
    static func propertyList(_ data: Data, name: String) throws(ConfigurationError) -> JSONValue {
        guard let list = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
            throw .notPropertyList(name, reason: "it is not a property list")
        }
        return try value(of: list, path: "", name: name, depth: 0)
    }

    private static func value(of item: Any, path: String, name: String, depth: Int) throws(ConfigurationError) -> JSONValue {
        guard depth < NestingLimit.depth else {
            throw .notPropertyList(name, reason: "it nests dictionaries and arrays more than \(NestingLimit.depth) deep")
        }
        switch item {
        case let dictionary as [String: Any]:
            var object: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                object[key] = try value(of: element, path: path.isEmpty ? key : "\(path).\(key)", name: name, depth: depth + 1)
            }
            return .object(object)
        case let array as [Any]:
            var elements: [JSONValue] = []
            for (index, element) in array.enumerated() {
                elements.append(try value(of: element, path: "\(path)[\(index)]", name: name, depth: depth + 1))
            }
            return .array(elements)
        case let string as String:
            return .string(string)
        case let bool as Bool where type(of: item) == Bool.self:
            return .bool(bool)
        case let number as NSNumber:
            // <true/> and <false/> may arrive as numbers too (on Apple platforms): their encoding says so.
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "f", "d": return .double(number.doubleValue)
            default: return .int(number.intValue)
            }
        default:
            throw .notPropertyList(name, reason: "\"\(path)\" is \(type(of: item)), which configuration cannot hold (only dictionaries, arrays, strings, numbers and booleans)")
        }
    }

    /// A properties file: one `key=value` (or `key: value`) per line, `#` or `!` starting a comment.
    /// Dotted keys make groups (`service.baseURL=…` is `baseURL` inside `service`); values are strings,
    /// converted when injected (`"3"` into an `Int`, `"yes"` into a `Bool`).
    static func properties(_ data: Data, name: String) throws(ConfigurationError) -> JSONValue {
        let text = String(decoding: data, as: UTF8.self)
        var root: [String: JSONValue] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("!") { continue }
            guard let separator = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw .malformedProperties(name, line: offset + 1, reason: "it has no `=` between a key and a value")
            }
            let key = line[..<separator].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: separator)...].trimmingCharacters(in: .whitespaces)
            let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !key.isEmpty, !components.contains(where: \.isEmpty) else {
                throw .malformedProperties(name, line: offset + 1, reason: "\"\(key)\" is not a key (empty, or with an empty part between dots)")
            }
            guard insert(.string(value), at: components[...], into: &root) else {
                throw .malformedProperties(name, line: offset + 1, reason: "\"\(key)\" is both a value and a group of keys")
            }
        }
        return .object(root)
    }

    /// Sets `value` at the dotted path; `false` when a value already sits where a group should be, or
    /// the other way round.
    private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout [String: JSONValue]) -> Bool {
        guard let first = path.first else { return false }
        if path.count == 1 {
            if case .object? = object[first] { return false }
            object[first] = value
            return true
        }
        var child: [String: JSONValue] = [:]
        switch object[first] {
        case .object(let existing)?: child = existing
        case nil: break
        default: return false
        }
        guard insert(value, at: path.dropFirst(), into: &child) else { return false }
        object[first] = .object(child)
        return true
    }
}
