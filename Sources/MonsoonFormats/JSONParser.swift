import Foundation

/// Parses JSON into a ``JSONValue``: what every manifest and JSON configuration file goes through.
///
/// Why not Foundation's decoder: it recurses once per nesting level (a deep file overflows a small
/// stack before any limit applies), it holds several copies of a large file at once (a 47 MB manifest
/// peaked at 801 MB), and when it rejects a file it says neither where nor why. This parser reads the
/// bytes once, never recurses (open arrays and objects are kept on an explicit stack, at most
/// ``NestingLimit/depth`` of them), validates UTF-8 inside strings, and reports every problem at its byte
/// offset, line and column; lines and columns are counted only then.
///
/// - Complexity: O(*n*) in the size of the document.
package struct JSONParser {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    /// The document's value, or where and why it is not JSON.
    package static func parse(_ data: Data) -> Result<JSONValue, JSONSyntaxProblem> {
        data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw)
            do throws(JSONSyntaxProblem) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The arrays and objects being read, innermost last. Kept in separate stacks rather than one stack
    /// of enum cases: taking an object out of an enum case and putting it back would copy it on every
    /// member, and adding in place to the last element of an array of objects does not.
    private struct OpenContainers {
        enum Kind { case array, object }
        var kinds: [Kind] = []
        var arrays: [[JSONValue]] = []
        var objects: [JSONObject] = []
        var keys: [String] = []

        var count: Int { kinds.count }
    }

    private mutating func document() throws(JSONSyntaxProblem) -> JSONValue {
        // A byte-order mark is not content.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw problem(.empty) }
        let value = try topLevelValue()
        skipWhitespace()
        guard index == bytes.count else { throw unexpected("the end of the document") }
        return value
    }

    private mutating func topLevelValue() throws(JSONSyntaxProblem) -> JSONValue {
        var open = OpenContainers()
        nextValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw problem(.truncated) }
            var completed: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard open.count < NestingLimit.depth else { throw problem(.tooDeep) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    completed = .object(JSONObject())
                } else {
                    open.keys.append(try objectKey())
                    open.objects.append(JSONObject())
                    open.kinds.append(.object)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                guard open.count < NestingLimit.depth else { throw problem(.tooDeep) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    completed = .array([])
                } else {
                    open.arrays.append([])
                    open.kinds.append(.array)
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                completed = .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                completed = try number()
            case UInt8(ascii: "t"):
                try literal("true")
                completed = .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                completed = .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                completed = .null
            default:
                throw unexpected("a value")
            }
            // Hand the value to the container it belongs to, closing every container it completes.
            while let kind = open.kinds.last {
                skipWhitespace()
                guard index < bytes.count else { throw problem(.truncated) }
                switch kind {
                case .array:
                    open.arrays[open.arrays.count - 1].append(completed)
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        continue nextValue
                    case UInt8(ascii: "]"):
                        index += 1
                        open.kinds.removeLast()
                        completed = .array(open.arrays.removeLast())
                    default:
                        throw unexpected("',' or ']'")
                    }
                case .object:
                    open.objects[open.objects.count - 1].set(completed, forKey: open.keys.removeLast())
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        open.keys.append(try objectKey())
                        continue nextValue
                    case UInt8(ascii: "}"):
                        index += 1
                        open.kinds.removeLast()
                        completed = .object(open.objects.removeLast())
                    default:
                        throw unexpected("',' or '}'")
                    }
                }
            }
            return completed
        }
    }

    /// A member's key and the colon after it.
    private mutating func objectKey() throws(JSONSyntaxProblem) -> String {
        guard index < bytes.count else { throw problem(.truncated) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected("a quoted key") }
        let key = try string()
        skipWhitespace()
        guard index < bytes.count else { throw problem(.truncated) }
        guard bytes[index] == UInt8(ascii: ":") else { throw unexpected("':'") }
        index += 1
        return key
    }

    /// A string, from its opening quote; escapes decoded, UTF-8 validated.
    private mutating func string() throws(JSONSyntaxProblem) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            try advanceInString(byte)
        }
        throw problem(.truncated)
    }

    /// The rest of a string that has escapes: decoded into a buffer.
    private mutating func escapedString(from start: Int) throws(JSONSyntaxProblem) -> String {
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte != UInt8(ascii: "\\") {
                let first = index
                try advanceInString(byte)
                decoded.append(contentsOf: bytes[first..<index])
                continue
            }
            index += 1
            guard index < bytes.count else { throw problem(.truncated) }
            switch bytes[index] {
            case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try unicodeEscape()
                decoded.append(contentsOf: String(Character(scalar)).utf8)
                continue
            default:
                throw unexpected(#"an escape (\", \\, \/, \b, \f, \n, \r, \t or \uXXXX)"#)
            }
            index += 1
        }
        throw problem(.truncated)
    }

    /// A `\uXXXX` escape, from its `u`, with the second half of a surrogate pair when there is one.
    private mutating func unicodeEscape() throws(JSONSyntaxProblem) -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw unexpected(#"the second half of a surrogate pair (\uDC00 to \uDFFF)"#)
            }
            index += 1
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw unexpected(#"the second half of a surrogate pair (\uDC00 to \uDFFF)"#) }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(high) else { throw unexpected("a character, not half of a surrogate pair") }
        return scalar
    }

    /// Four hex digits after a `u`, which `index` is on; leaves `index` after them.
    private mutating func hexQuad() throws(JSONSyntaxProblem) -> UInt32 {
        index += 1
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw problem(.truncated) }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw unexpected("a hex digit")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Moves past one character of a string's content, checking it.
    private mutating func advanceInString(_ byte: UInt8) throws(JSONSyntaxProblem) {
        if byte < 0x20 { throw unexpected("a closing '\"' (strings cannot contain line breaks or control characters)") }
        if byte < 0x80 {
            index += 1
            return
        }
        guard let length = SourcePosition.utf8SequenceLength(at: index, in: bytes) else { throw invalidUTF8() }
        index += length
    }

    private mutating func number() throws(JSONSyntaxProblem) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw problem(.truncated) }
        guard isDigit(bytes[index]) else { throw unexpected("a digit") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count else { throw problem(.truncated) }
            guard isDigit(bytes[index]) else { throw unexpected("a digit after '.'") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw problem(.truncated) }
            guard isDigit(bytes[index]) else { throw unexpected("a digit in the exponent") }
            skipDigits()
        }
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        if isInteger, let integer = Self.integer(text) { return .int(integer) }
        return .double(Double(String(decoding: text, as: UTF8.self)) ?? .nan)
    }

    /// A decimal integer's value, or `nil` when it does not fit an `Int`.
    private static func integer(_ text: UnsafeRawBufferPointer) -> Int? {
        let negative = text.first == UInt8(ascii: "-")
        var value = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            let (added, overflowAgain) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowAgain else { return nil }
            value = added
        }
        return value
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxProblem) {
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count else { throw problem(.truncated) }
            guard bytes[index] == byte else { throw unexpected("'\(word)'") }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func problem(_ kind: JSONSyntaxProblem.Kind) -> JSONSyntaxProblem {
        let (line, column) = SourcePosition.locate(index, in: bytes)
        return JSONSyntaxProblem(kind: kind, byteOffset: index, line: line, column: column)
    }

    /// The sequence at `index` is not UTF-8: reported where it starts, never at the byte after a lead
    /// byte (which is often a fine quote).
    private func invalidUTF8() -> JSONSyntaxProblem {
        let (line, column) = SourcePosition.locate(index, in: bytes)
        return JSONSyntaxProblem(kind: .invalidUTF8(SourcePosition.utf8Fault(at: index, in: bytes)), byteOffset: index, line: line, column: column)
    }

    private func unexpected(_ expected: String) -> JSONSyntaxProblem {
        guard index < bytes.count else { return problem(.truncated) }
        let byte = bytes[index]
        guard byte < 0x80 || SourcePosition.utf8SequenceLength(at: index, in: bytes) != nil else { return invalidUTF8() }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return problem(.unexpected(character: "'\(character)'", expected: expected))
    }
}
