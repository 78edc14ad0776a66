import Foundation

/// Parses an XML property list into a ``JSONValue``; binary and OpenStep property lists are left to
/// Foundation (``parse(_:)`` answers `nil` for them).
///
/// Why not Foundation for XML too: it builds Foundation objects first and configuration values from them
/// (a million keys took 2.5 s and 230 MB, against 0.25 s for the same content as JSON), it recurses once
/// per nesting level, and when it rejects a file it rarely says where. This parser reads the bytes once,
/// never recurses (open dictionaries and arrays are kept on explicit stacks, at most
/// ``NestingLimit/depth`` of them), validates UTF-8, and reports every problem at its line and column.
///
/// What it reads: `<plist>` around one value (or the value alone), `<dict>` of `<key>`/value pairs,
/// `<array>`, `<string>`, `<integer>` (decimal, or hexadecimal with `0x`), `<real>`, `<true/>`,
/// `<false/>`; the five predefined entities and character references; CDATA sections; comments,
/// processing instructions and the document type declaration, which it skips. `<date>` and `<data>`
/// have no configuration value and are reported with the key they sit under.
///
/// - Complexity: O(*n*) in the size of the document.
package struct PropertyListParser {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    /// The list's value, where and why it is not a property list, or `nil` when it is not XML at all.
    package static func parse(_ data: Data) -> Result<JSONValue, PropertyListProblem>? {
        data.withUnsafeBytes { raw in
            var parser = PropertyListParser(bytes: raw)
            guard parser.startsAsXML() else { return nil }
            do throws(PropertyListProblem) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Open dictionaries and arrays, innermost last, in separate stacks so that adding to the innermost
    /// never copies it (see `JSONParser`).
    private struct OpenContainers {
        enum Kind { case array, dictionary }
        var kinds: [Kind] = []
        var arrays: [[JSONValue]] = []
        var dictionaries: [JSONObject] = []
        /// For each open dictionary, the key whose value comes next, once read.
        var pendingKeys: [String?] = []
        /// For each open container, where it sits in its parent (`key` or `[2]`), for messages.
        var labels: [String] = []

        var count: Int { kinds.count }

        func path(adding label: String?) -> String {
            var path = ""
            for component in labels.dropFirst() + (label.map { [$0] } ?? []) {
                path += component.hasPrefix("[") || path.isEmpty ? component : "." + component
            }
            return path
        }

        /// Where a value completed now goes.
        var nextLabel: String? {
            switch kinds.last {
            case .array?: "[\(arrays[arrays.count - 1].count)]"
            case .dictionary?: pendingKeys[pendingKeys.count - 1]
            case nil: nil
            }
        }
    }

    private struct Tag {
        enum Kind { case open, close, empty }
        let name: Substring
        let kind: Kind
        /// Where its `<` is, for messages.
        let offset: Int
    }

    /// Whether the first thing after a byte-order mark and whitespace is markup.
    private mutating func startsAsXML() -> Bool {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }

    private mutating func document() throws(PropertyListProblem) -> JSONValue {
        try skipMarkupBetweenElements()
        let first = try tag()
        let value: JSONValue
        if first.name == "plist" {
            guard first.kind == .open else { throw problem(.unexpected(found: "<plist/>", expected: "a value inside <plist>"), at: first.offset) }
            value = try rootValue(startingWith: nil)
            try skipMarkupBetweenElements()
            let closing = try tag()
            guard closing.name == "plist", closing.kind == .close else {
                throw problem(.unexpected(found: describe(closing), expected: "</plist>"), at: closing.offset)
            }
        } else {
            value = try rootValue(startingWith: first)
        }
        try skipMarkupBetweenElements()
        guard index == bytes.count else { throw problem(.unexpected(found: foundHere(), expected: "the end of the document"), at: index) }
        return value
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func rootValue(startingWith given: Tag?) throws(PropertyListProblem) -> JSONValue {
        var open = OpenContainers()
        var pending = given
        while true {
            let tag: Tag
            if let given = pending {
                tag = given
                pending = nil
            } else {
                try skipMarkupBetweenElements()
                tag = try self.tag()
            }
            if open.kinds.last == .dictionary, open.pendingKeys[open.pendingKeys.count - 1] == nil {
                // A dictionary wants a key or its end.
                if tag.name == "key", tag.kind == .open {
                    open.pendingKeys[open.pendingKeys.count - 1] = try text(closedBy: "key")
                    continue
                }
                guard tag.name == "dict", tag.kind == .close else {
                    throw problem(.unexpected(found: describe(tag), expected: "<key> or </dict>"), at: tag.offset)
                }
            }
            var completed: JSONValue
            switch (tag.name, tag.kind) {
            case ("dict", .open), ("array", .open):
                guard open.count < NestingLimit.depth else { throw problem(.tooDeep, at: tag.offset) }
                open.labels.append(open.nextLabel ?? "")
                if tag.name == "dict" {
                    open.kinds.append(.dictionary)
                    open.dictionaries.append(JSONObject())
                    open.pendingKeys.append(nil)
                } else {
                    open.kinds.append(.array)
                    open.arrays.append([])
                }
                continue
            case ("dict", .close):
                guard open.kinds.last == .dictionary else { throw problem(.unexpected(found: "</dict>", expected: closingExpected(open)), at: tag.offset) }
                if let key = open.pendingKeys[open.pendingKeys.count - 1] {
                    throw problem(.unexpected(found: "</dict>", expected: "the value of key \"\(key)\""), at: tag.offset)
                }
                open.kinds.removeLast()
                open.pendingKeys.removeLast()
                open.labels.removeLast()
                completed = .object(open.dictionaries.removeLast())
            case ("array", .close):
                guard open.kinds.last == .array else { throw problem(.unexpected(found: "</array>", expected: closingExpected(open)), at: tag.offset) }
                open.kinds.removeLast()
                open.labels.removeLast()
                completed = .array(open.arrays.removeLast())
            case ("dict", .empty): completed = .object(JSONObject())
            case ("array", .empty): completed = .array([])
            case ("string", .open): completed = .string(try text(closedBy: "string"))
            case ("string", .empty): completed = .string("")
            case ("integer", .open):
                let start = index
                let digits = try text(closedBy: "integer")
                guard let number = Self.integer(digits) else { throw problem(.notANumber(digits, "an integer"), at: start) }
                completed = .int(number)
            case ("real", .open):
                let start = index
                let digits = try text(closedBy: "real")
                guard let number = Double(digits.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw problem(.notANumber(digits, "a real number"), at: start)
                }
                completed = .double(number)
            case ("true", .empty): completed = .bool(true)
            case ("false", .empty): completed = .bool(false)
            case ("date", _), ("data", _):
                throw problem(.unsupported(tag.name == "date" ? "a date" : "data", path: open.path(adding: open.nextLabel)), at: tag.offset)
            default:
                throw problem(.unexpected(found: describe(tag), expected: "a value (<dict>, <array>, <string>, <integer>, <real>, <true/> or <false/>)"),
                              at: tag.offset)
            }
            switch open.kinds.last {
            case nil:
                return completed
            case .array?:
                open.arrays[open.arrays.count - 1].append(completed)
            case .dictionary?:
                let last = open.pendingKeys.count - 1
                if let key = open.pendingKeys[last] {
                    open.dictionaries[open.dictionaries.count - 1].set(completed, forKey: key)
                    open.pendingKeys[last] = nil
                }
            }
        }
    }

    private func closingExpected(_ open: OpenContainers) -> String {
        switch open.kinds.last {
        case .array?: "a value or </array>"
        case .dictionary?: "a value"
        case nil: "a value"
        }
    }

    private static func integer(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let negative = trimmed.hasPrefix("-")
        let unsigned = trimmed.hasPrefix("-") || trimmed.hasPrefix("+") ? trimmed.dropFirst() : Substring(trimmed)
        if unsigned.lowercased().hasPrefix("0x") {
            guard let magnitude = Int(unsigned.dropFirst(2), radix: 16) else { return nil }
            return negative ? -magnitude : magnitude
        }
        guard let magnitude = Int(unsigned) else { return nil }
        return negative ? -magnitude : magnitude
    }

    // MARK: - Markup

    /// Reads the tag at the cursor: `<name …>`, `</name>` or `<name …/>`.
    private mutating func tag() throws(PropertyListProblem) -> Tag {
        let start = index
        guard index < bytes.count else { throw problem(.truncated, at: index) }
        guard bytes[index] == UInt8(ascii: "<") else {
            throw problem(.unexpected(found: foundHere(), expected: "a tag"), at: index)
        }
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
        let name = Substring(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        // Attributes: skipped, quoted values included.
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        guard index < bytes.count else { throw problem(.truncated, at: start) }
        let empty = !closing && index > nameStart && bytes[index - 1] == UInt8(ascii: "/")
        index += 1
        guard !name.isEmpty else { throw problem(.unexpected(found: "<", expected: "a tag name"), at: start) }
        return Tag(name: name, kind: closing ? .close : (empty ? .empty : .open), offset: start)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whitespace, comments, processing instructions (`<?xml …?>`) and the document type declaration.
    private mutating func skipMarkupBetweenElements() throws(PropertyListProblem) {
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                try skip(past: "-->", from: index)
            } else if starts(with: "<?") {
                try skip(past: "?>", from: index)
            } else if starts(with: "<!DOCTYPE") {
                try skipDocumentType()
            } else {
                return
            }
        }
    }

    private mutating func skipDocumentType() throws(PropertyListProblem) {
        let start = index
        var brackets = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "]"): brackets -= 1
            case UInt8(ascii: ">") where brackets <= 0:
                index += 1
                return
            default: break
            }
            index += 1
        }
        throw problem(.truncated, at: start)
    }

    /// The text of an element up to its closing tag `</name>`: entities and character references
    /// replaced, CDATA sections taken as they are, comments left out.
    private mutating func text(closedBy name: StaticString) throws(PropertyListProblem) -> String {
        var result = ""
        var runStart = index
        func appendRun(upTo end: Int) throws(PropertyListProblem) {
            guard end > runStart else { return }
            let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<end])
            if let bad = SourcePosition.firstInvalidUTF8(in: run) {
                // Explained from the whole document: what follows the run (a `<`) is what cuts a sequence short.
                throw problem(.invalidUTF8(SourcePosition.utf8Fault(at: runStart + bad, in: bytes)), at: runStart + bad)
            }
            result += String(decoding: run, as: UTF8.self)
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                try appendRun(upTo: index)
                if starts(with: "<![CDATA[") {
                    let contentStart = index + 9
                    try skip(past: "]]>", from: index)
                    runStart = contentStart
                    try appendRun(upTo: index - 3)
                } else if starts(with: "<!--") {
                    try skip(past: "-->", from: index)
                } else {
                    let closing = try tag()
                    guard closing.kind == .close, closing.name.utf8.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) else {
                        throw problem(.unexpected(found: describe(closing), expected: "text or </\(name)>"), at: closing.offset)
                    }
                    return result
                }
                runStart = index
            case UInt8(ascii: "&"):
                try appendRun(upTo: index)
                result.unicodeScalars.append(try entity())
                runStart = index
            default:
                index += 1
            }
        }
        throw problem(.truncated, at: runStart)
    }

    /// The character an entity or character reference at the cursor stands for.
    private mutating func entity() throws(PropertyListProblem) -> Unicode.Scalar {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw problem(.badEntity, at: start) }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        index = end + 1
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let code: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                code = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                code = UInt32(name.dropFirst())
            } else {
                code = nil
            }
            guard let code, let scalar = Unicode.Scalar(code) else { throw problem(.badEntity, at: start) }
            return scalar
        }
    }

    // MARK: - Bytes

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func starts(with word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// Moves the cursor past the first `terminator` after `start`.
    private mutating func skip(past terminator: StaticString, from start: Int) throws(PropertyListProblem) {
        while index < bytes.count {
            if starts(with: terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw problem(.truncated, at: start)
    }

    private func describe(_ tag: Tag) -> String {
        switch tag.kind {
        case .open: "<\(tag.name)>"
        case .close: "</\(tag.name)>"
        case .empty: "<\(tag.name)/>"
        }
    }

    /// The character at the cursor, for messages.
    private func foundHere() -> String {
        guard index < bytes.count else { return "the end of the file" }
        guard let length = SourcePosition.utf8SequenceLength(at: index, in: bytes) else { return SourcePosition.hex(bytes[index]) }
        return "\"" + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self) + "\""
    }

    private func problem(_ kind: PropertyListProblem.Kind, at offset: Int) -> PropertyListProblem {
        let (line, column) = SourcePosition.locate(offset, in: bytes)
        return PropertyListProblem(kind: kind, byteOffset: offset, line: line, column: column)
    }
}
