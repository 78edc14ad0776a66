import Foundation
import MonsoonFormats

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
        switch PropertyListParser.parse(data) {
        case .success(let value)?: return value
        case .failure(let problem)?: throw .notPropertyList(name, reason: problem.description)
        case nil: break
        }
        // Binary and OpenStep property lists: Foundation's parsers, which recurse once per level, so a
        // text list nested deeper than the limit is refused before they see it.
        if let line = PropertyListParser.openStepNestingPastLimit(in: data) {
            throw .notPropertyList(name, reason: "dictionaries and arrays are nested more than \(NestingLimit.depth) deep at line \(line)")
        }
        let list: Any
        do {
            list = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // Foundation's own words name the line, when it knows it: "Unexpected character { at line 1".
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw .notPropertyList(name, reason: "it is not a property list" + (reason.map { " (\($0))" } ?? ""))
        }
        return try value(ofFoundation: list, name: name)
    }

    /// What Foundation read from a property list, as configuration.
    static func value(ofFoundation list: Any, name: String) throws(ConfigurationError) -> JSONValue {
        try value(of: list, path: "", name: name, depth: 0)
    }

    private static func value(of item: Any, path: String, name: String, depth: Int) throws(ConfigurationError) -> JSONValue {
        guard depth < NestingLimit.depth else {
            throw .notPropertyList(name, reason: "it nests dictionaries and arrays more than \(NestingLimit.depth) deep")
        }
        switch item {
        case let dictionary as [String: Any]:
            var object = JSONObject()
            for (key, element) in dictionary {
                object.set(try value(of: element, path: path.isEmpty ? key : "\(path).\(key)", name: name, depth: depth + 1), forKey: key)
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
    /// converted when injected (`"3"` into an `Int`, `"yes"` into a `Bool`). A later line with the same
    /// key wins.
    static func properties(_ data: Data, name: String) throws(ConfigurationError) -> JSONValue {
        switch PropertiesParser.parse(data) {
        case .success(let object): return .object(object)
        case .failure(let problem): throw .malformedProperties(name, line: problem.line, reason: problem.reason, advice: problem.advice)
        }
    }
}
