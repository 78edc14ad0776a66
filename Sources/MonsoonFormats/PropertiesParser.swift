import Foundation

/// Reads a properties file: one `key=value` (or `key: value`) per line, `#` or `!` starting a comment,
/// dotted keys making groups (`service.baseURL=…` is `baseURL` inside `service`), every value a string.
/// A later line with the same key wins.
///
/// - Complexity: O(*n*) in the size of the file: each key walks its own path, taking each group out
///   of its parent while it adds to it, so that no group is ever copied.
package struct PropertiesParser {
    private let bytes: UnsafeRawBufferPointer

    /// The file's groups and values, or the line that cannot be read and why.
    package static func parse(_ data: Data) -> Result<JSONObject, PropertiesProblem> {
        data.withUnsafeBytes { bytes in
            Result { () throws(PropertiesProblem) in try PropertiesParser(bytes: bytes).read() }
        }
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Why a key cannot go where it should: a part of its path is a value, or it is a group.
    private enum Conflict: Error {
        case valueInPath(prefix: [Substring])
        case groupWithValue
    }

    private func read() throws(PropertiesProblem) -> JSONObject {
        if let offset = SourcePosition.firstInvalidUTF8(in: bytes) {
            let (line, column) = SourcePosition.locate(offset, in: bytes)
            throw PropertiesProblem(line: line, reason: "invalid UTF-8 at column \(column) (byte \(offset)): \(SourcePosition.utf8Fault(at: offset, in: bytes))",
                                    advice: "Save the file as UTF-8.")
        }
        var root = JSONObject()
        var lines = Lines(bytes: bytes)
        while let (number, line) = lines.next() {
            guard let (key, components, value) = try entry(line, number: number) else { continue }
            do throws(Conflict) {
                try Self.insert(.string(value), at: components[...], into: &root)
            } catch {
                throw explanation(of: error, key: key, components: components, line: number)
            }
        }
        return root
    }

    /// The file's lines, numbered from 1, without their line breaks.
    private struct Lines: IteratorProtocol {
        let bytes: UnsafeRawBufferPointer
        var start = 0
        var number = 0

        mutating func next() -> (number: Int, line: UnsafeRawBufferPointer)? {
            guard start <= bytes.count else { return nil }
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            number += 1
            return (number, UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// A line's key, its dotted parts and its value; `nil` for a blank line or a comment.
    private func entry(_ line: UnsafeRawBufferPointer, number: Int) throws(PropertiesProblem) -> (String, [Substring], String)? {
        let text = Self.trimmed(line)
        guard let first = text.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "!") else { return nil }
        guard let separator = text.firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }) else {
            throw PropertiesProblem(line: number, reason: "it has no `=` between a key and a value")
        }
        let key = String(decoding: Self.trimmed(UnsafeRawBufferPointer(rebasing: text[..<separator])), as: UTF8.self)
        let value = String(decoding: Self.trimmed(UnsafeRawBufferPointer(rebasing: text[(separator + 1)...])), as: UTF8.self)
        let components = key.split(separator: ".", omittingEmptySubsequences: false)
        guard !key.isEmpty, !components.contains(where: \.isEmpty) else {
            throw PropertiesProblem(line: number, reason: "\"\(key)\" is not a key (empty, or with an empty part between dots)")
        }
        guard components.count <= NestingLimit.depth else {
            throw PropertiesProblem(line: number, reason: "\"\(key.prefix(40))…\" has \(components.count) dotted parts, and keys nest at most \(NestingLimit.depth) deep",
                                    advice: "Use fewer dots.")
        }
        return (key, components, value)
    }

    /// Sets `value` at the dotted path; each group is taken out of its parent while it changes, so that
    /// it is changed in place. It recurses once per part, at most ``NestingLimit/depth`` deep.
    private static func insert(_ value: JSONValue, at path: ArraySlice<Substring>, into object: inout JSONObject) throws(Conflict) {
        guard let first = path.first.map(String.init) else { return }
        if path.count == 1 {
            if case .object? = object[first] { throw .groupWithValue }
            object.set(value, forKey: first)
            return
        }
        var group: JSONObject
        switch object.take(first) {
        case .object(let existing)?: group = existing
        case nil: group = JSONObject()
        case let other?:
            object.set(other, forKey: first)
            throw .valueInPath(prefix: [Substring(first)])
        }
        defer { object.set(.object(group), forKey: first) }
        do throws(Conflict) {
            try insert(value, at: path.dropFirst(), into: &group)
        } catch .valueInPath(let prefix) {
            throw .valueInPath(prefix: [Substring(first)] + prefix)
        }
    }

    /// The message for a key that cannot go where it should, naming the line that caused it: found again
    /// only now, so that reading keeps no line numbers.
    private func explanation(of conflict: Conflict, key: String, components: [Substring], line number: Int) -> PropertiesProblem {
        switch conflict {
        case .valueInPath(let prefix):
            let path = prefix.joined(separator: ".")
            let valueLine = lastLine(before: number) { $0 == prefix }
            return PropertiesProblem(line: number, reason: "\"\(key)\" needs \"\(path)\" to be a group of keys, but line \(valueLine) gives \"\(path)\" a value",
                                     advice: "Rename one of the two keys.")
        case .groupWithValue:
            let groupLine = lastLine(before: number) { $0.count > components.count && Array($0.prefix(components.count)) == components }
            return PropertiesProblem(line: number, reason: "\"\(key)\" is a group of keys (line \(groupLine) has a key inside it), so it cannot also have a value",
                                     advice: "Rename one of the two keys.")
        }
    }

    /// The number of the last line before `limit` whose key's parts satisfy `matches`.
    private func lastLine(before limit: Int, where matches: ([Substring]) -> Bool) -> Int {
        var found = 0
        var lines = Lines(bytes: bytes)
        while let (number, line) = lines.next(), number < limit {
            if let (_, components, _) = try? entry(line, number: number), matches(components) { found = number }
        }
        return found
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

/// Why a properties file cannot be read: the line, what is wrong with it, and what to do.
package struct PropertiesProblem: Error, Equatable {
    package let line: Int
    package let reason: String
    package let advice: String

    init(line: Int, reason: String, advice: String = "Write one `key=value` per line.") {
        self.line = line
        self.reason = reason
        self.advice = advice
    }
}

extension PropertyListParser {
    /// The line at which an OpenStep property list (`{ key = (a, b); }`) opens its
    /// `NestingLimit.depth + 1`-th nested dictionary or array, if it does: one pass over the bytes,
    /// counting brackets outside quoted strings. (A binary list has no lines; its bytes are counted the
    /// same way only where they happen to look like brackets, which refuses nothing real.)
    package static func openStepNestingPastLimit(in data: Data) -> Int? {
        data.withUnsafeBytes { openStepNestingPastLimit(in: $0) }
    }

    private static func openStepNestingPastLimit(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard !(bytes.count >= 6 && bytes.starts(with: "bplist".utf8)) else { return nil }
        var depth = 0
        var line = 1
        var quote: UInt8?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            if let open = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
            } else {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "{"), UInt8(ascii: "("):
                    depth += 1
                    if depth > NestingLimit.depth { return line }
                case UInt8(ascii: "}"), UInt8(ascii: ")"): depth -= 1
                default: break
                }
            }
            index += 1
        }
        return nil
    }
}
