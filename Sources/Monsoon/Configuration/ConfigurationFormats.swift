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
        // Foundation's parsers recurse once per level: a file nested deeper than the limit is refused
        // before they see it.
        if let line = data.withUnsafeBytes({ xmlNestingPastLimit(in: $0) }) {
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
        return try value(of: list, path: "", name: name, depth: 0)
    }

    /// The line at which an XML property list opens its `NestingLimit.depth + 1`-th nested dictionary or
    /// array, if it does: one pass over the bytes, counting `<dict>`/`<array>` against their closing tags.
    private static func xmlNestingPastLimit(in bytes: UnsafeRawBufferPointer) -> Int? {
        var depth = 0
        var line = 1
        var index = 0
        func matches(_ word: StaticString, at position: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if matches("</dict", at: index) || matches("</array", at: index) {
                depth -= 1
            } else if matches("<dict", at: index) || matches("<array", at: index) {
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                let selfClosing = end > index && end < bytes.count && bytes[end - 1] == UInt8(ascii: "/")
                if !selfClosing {
                    depth += 1
                    if depth > NestingLimit.depth { return line }
                }
            }
            index += 1
        }
        return nil
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
    ///
    /// - Complexity: O(*n*) in the size of the file: groups are built as a tree of nodes, each key
    ///   walking only its own path, and turned into values once at the end.
    static func properties(_ data: Data, name: String) throws(ConfigurationError) -> JSONValue {
        let root = PropertiesNode(line: 0)
        let outcome = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in Result { () throws(ConfigurationError) in try readLines(bytes, into: root, name: name) } }
        try outcome.get()
        return root.value
    }

    private static func readLines(_ bytes: UnsafeRawBufferPointer, into root: PropertiesNode, name: String) throws(ConfigurationError) {
        if let offset = SourcePosition.firstInvalidUTF8(in: bytes) {
            let (line, column) = SourcePosition.locate(offset, in: bytes)
            throw .malformedProperties(name, line: line, reason: "column \(column) (byte \(offset)) holds \(SourcePosition.hex(bytes[offset])), "
                + "which is not part of a valid UTF-8 character", advice: "Save the file as UTF-8.")
        }
        var lineStart = 0
        var lineNumber = 0
        while lineStart <= bytes.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            try readLine(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd]), number: lineNumber, into: root, name: name)
            lineStart = lineEnd + 1
        }
    }

    /// One line of a properties file, added to the tree under `root`.
    private static func readLine(_ line: UnsafeRawBufferPointer, number: Int, into root: PropertiesNode, name: String) throws(ConfigurationError) {
        let text = trimmed(line)
        guard let first = text.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "!") else { return }
        guard let separator = text.firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }) else {
            throw .malformedProperties(name, line: number, reason: "it has no `=` between a key and a value")
        }
        let keyBytes = trimmed(UnsafeRawBufferPointer(rebasing: text[..<separator]))
        let key = String(decoding: keyBytes, as: UTF8.self)
        let value = String(decoding: trimmed(UnsafeRawBufferPointer(rebasing: text[(separator + 1)...])), as: UTF8.self)
        let components = keyBytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !keyBytes.isEmpty, !components.contains(where: \.isEmpty) else {
            throw .malformedProperties(name, line: number, reason: "\"\(key)\" is not a key (empty, or with an empty part between dots)")
        }
        guard components.count <= NestingLimit.depth else {
            throw .malformedProperties(name, line: number, reason: "\"\(key.prefix(40))…\" has \(components.count) dotted parts, and keys nest at most \(NestingLimit.depth) deep",
                                       advice: "Use fewer dots.")
        }
        var node = root
        var path: [Substring] = []
        for (position, component) in components.enumerated() {
            let part = String(decoding: component, as: UTF8.self)
            path.append(Substring(part))
            let isLast = position == components.count - 1
            if let existing = node.children[part] {
                if isLast {
                    if let groupLine = existing.groupLine {
                        throw .malformedProperties(name, line: number, reason: "\"\(key)\" is a group of keys (line \(groupLine) has a key inside it), so it cannot also have a value",
                                                   advice: "Rename one of the two keys.")
                    }
                    existing.text = value
                    existing.line = number
                } else if existing.text != nil {
                    let prefix = path.joined(separator: ".")
                    throw .malformedProperties(name, line: number, reason: "\"\(key)\" needs \"\(prefix)\" to be a group of keys, but line \(existing.line) gives \"\(prefix)\" a value",
                                               advice: "Rename one of the two keys.")
                }
                if existing.groupLine == nil, !isLast { existing.groupLine = number }
                node = existing
            } else {
                let created = PropertiesNode(line: number)
                if isLast { created.text = value } else { created.groupLine = number }
                node.children[part] = created
                node = created
            }
        }
    }

    /// `bytes` without the spaces, tabs and carriage return around them.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}

/// A key of a properties file being read: a value, or a group of keys, and the line that made it so.
private final class PropertiesNode {
    var text: String?
    var line: Int
    /// The first line that put a key inside this one.
    var groupLine: Int?
    var children: [String: PropertiesNode] = [:]

    init(line: Int) {
        self.line = line
    }

    /// The tree from here as a configuration value; it recurses at most ``NestingLimit/depth`` deep.
    var value: JSONValue {
        if let text { return .string(text) }
        return .object(children.mapValues(\.value))
    }
}
