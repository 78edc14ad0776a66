import Foundation

/// Finds where a JSON document stops being JSON, for messages that say *where* and *what*: empty,
/// cut off, nested too deep, or an unexpected character at a line and column.
///
/// Foundation's parser only says "not valid JSON" (or a character offset whose wording differs between
/// platforms), so when it rejects a file this scanner reads it again. It only locates the problem; the
/// value itself is always parsed by Foundation. It never recurses, so a hostile file nested a million
/// deep cannot overflow the stack here.
struct JSONSyntaxProblem: Error, Equatable, CustomStringConvertible {
    enum Kind: Equatable {
        case empty
        /// The text ends inside an object, array, string or literal.
        case truncated
        /// Arrays and objects nested deeper than `JSONSyntaxProblem.depthLimit`.
        case tooDeep
        /// A character that cannot stand where it stands; `expected` says what could.
        case unexpected(character: String, expected: String)
    }

    /// Foundation's own nesting limit.
    static let depthLimit = 512

    let kind: Kind
    let line: Int
    let column: Int

    var description: String {
        switch kind {
        case .empty:
            "the file is empty"
        case .truncated:
            "the JSON ends early at line \(line), column \(column): an object, array or string is not closed (was the file cut off?)"
        case .tooDeep:
            "arrays and objects are nested more than \(Self.depthLimit) deep at line \(line), column \(column)"
        case .unexpected(let character, let expected):
            "invalid JSON at line \(line), column \(column): found \(character) where \(expected) should be"
        }
    }

    /// The first problem in `data`, or `nil` when this scanner sees none.
    static func find(in data: Data) -> JSONSyntaxProblem? {
        var scanner = Scanner(bytes: Array(data))
        return scanner.run()
    }

    private struct Scanner {
        enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end }

        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1
        var containers: [UInt8] = []
        var expect = Expect.value

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() -> JSONSyntaxProblem? {
            skipWhitespace()
            if index == bytes.count { return problem(.empty) }
            while true {
                skipWhitespace()
                guard index < bytes.count else { return expect == .end ? nil : problem(.truncated) }
                let byte = bytes[index]
                switch expect {
                case .end:
                    return unexpected("the end of the document")
                case .value, .valueOrClose:
                    if expect == .valueOrClose, byte == UInt8(ascii: "]") { close(); continue }
                    if let found = value(byte) { return found }
                case .key, .keyOrClose:
                    if expect == .keyOrClose, byte == UInt8(ascii: "}") { close(); continue }
                    guard byte == UInt8(ascii: "\"") else { return unexpected("a quoted key") }
                    if let found = string() { return found }
                    expect = .colon
                case .colon:
                    guard byte == UInt8(ascii: ":") else { return unexpected("':'") }
                    advance()
                    expect = .value
                case .commaOrClose:
                    let isObject = containers.last == UInt8(ascii: "{")
                    if byte == UInt8(ascii: ",") {
                        advance()
                        expect = isObject ? .key : .value
                    } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        close()
                    } else {
                        return unexpected(isObject ? "',' or '}'" : "',' or ']'")
                    }
                }
            }
        }

        private mutating func value(_ byte: UInt8) -> JSONSyntaxProblem? {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard containers.count < JSONSyntaxProblem.depthLimit else { return problem(.tooDeep) }
                containers.append(byte)
                advance()
                expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                return nil
            case UInt8(ascii: "\""):
                if let found = string() { return found }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let found = number() { return found }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                if let found = literal() { return found }
            default:
                return unexpected("a value")
            }
            afterValue()
            return nil
        }

        private mutating func close() {
            containers.removeLast()
            advance()
            afterValue()
        }

        private mutating func afterValue() {
            expect = containers.isEmpty ? .end : .commaOrClose
        }

        private mutating func string() -> JSONSyntaxProblem? {
            advance()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { advance(); return nil }
                if byte < 0x20 { return unexpected("a closing '\"' (strings cannot contain line breaks)") }
                if byte == UInt8(ascii: "\\") { advance() }
                advance()
            }
            return problem(.truncated)
        }

        private mutating func number() -> JSONSyntaxProblem? {
            let numberCharacters = Set("+-.eE0123456789".utf8)
            while index < bytes.count, numberCharacters.contains(bytes[index]) { advance() }
            return nil
        }

        private mutating func literal() -> JSONSyntaxProblem? {
            for word in ["true", "false", "null"] where bytes[index] == word.utf8.first {
                for expected in word.utf8 {
                    guard index < bytes.count else { return problem(.truncated) }
                    guard bytes[index] == expected else { return unexpected("'\(word)'") }
                    advance()
                }
                return nil
            }
            return unexpected("a value")
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
        }

        private mutating func advance() {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }

        private func problem(_ kind: JSONSyntaxProblem.Kind) -> JSONSyntaxProblem {
            JSONSyntaxProblem(kind: kind, line: line, column: column)
        }

        private func unexpected(_ expected: String) -> JSONSyntaxProblem {
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let character = String(decoding: bytes[index..<end], as: UTF8.self)
            return problem(.unexpected(character: "'\(character)'", expected: expected))
        }
    }
}
