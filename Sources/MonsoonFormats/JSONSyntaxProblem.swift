/// Where and why a document is not JSON: empty, cut off, nested too deep, invalid UTF-8, or an unexpected
/// character, at a byte offset, a line and a column (columns count characters, from 1).
package struct JSONSyntaxProblem: Error, Equatable, CustomStringConvertible {
    package enum Kind: Equatable {
        case empty
        /// The text ends inside an object, array, string or literal.
        case truncated
        /// Arrays and objects nested deeper than ``NestingLimit/depth``.
        case tooDeep
        /// Bytes that are not UTF-8, explained by ``SourcePosition/utf8Fault(at:in:)``.
        case invalidUTF8(String)
        /// A character that cannot stand where it stands; `expected` says what could.
        case unexpected(character: String, expected: String)
    }

    package let kind: Kind
    /// Where the problem is, from 0.
    package let byteOffset: Int
    package let line: Int
    package let column: Int

    package var description: String {
        switch kind {
        case .empty:
            "the file is empty"
        case .truncated:
            "the JSON ends early at line \(line), column \(column): an object, array or string is not closed (was the file cut off?)"
        case .tooDeep:
            "arrays and objects are nested more than \(NestingLimit.depth) deep at line \(line), column \(column)"
        case .invalidUTF8(let fault):
            "invalid UTF-8 at line \(line), column \(column) (byte \(byteOffset)): \(fault)"
        case .unexpected(let character, let expected):
            "invalid JSON at line \(line), column \(column): found \(character) where \(expected) should be"
        }
    }
}

/// How deep configuration values and manifests may nest, in every format (JSON, property lists,
/// properties files): deeper than any real configuration, and shallow enough that reading a value at
/// the limit — through Foundation's coders, which recurse once per level — fits the 512 KiB stack of a
/// secondary thread on Apple platforms with room to spare.
package enum NestingLimit {
    package static let depth = 64
}

/// Lines and columns of a byte offset, computed only when a message needs them, so that parsing never
/// counts them.
package enum SourcePosition {
    /// The line and column (from 1) of `offset` in `bytes`: lines end at `\n`, and a column is a
    /// character (a byte that does not continue a UTF-8 sequence).
    package static func locate(_ offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// `0xFF`, for messages.
    package static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }

    /// The length of the well-formed UTF-8 sequence that starts at `index`, or `nil` when the bytes there
    /// are not one (a stray continuation byte, an overlong form, a surrogate, a code point past U+10FFFF,
    /// or a sequence cut short).
    package static func utf8SequenceLength(at index: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        let lead = bytes[index]
        let length: Int
        var minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return length
    }

    /// Why the sequence that starts at `index` is not UTF-8, naming its bytes: a byte no character
    /// starts with, a lead byte whose continuation is missing (the byte that stops it is named, but the
    /// fault is the lead's: a Latin-1 "é", 0xE9, before a quote is reported at the 0xE9), or a complete
    /// sequence that encodes no character. `index` is where `utf8SequenceLength(at:in:)` said `nil`.
    package static func utf8Fault(at index: Int, in bytes: UnsafeRawBufferPointer) -> String {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return "\(hex(lead)) is not part of a valid character"
        }
        var end = index + 1
        while end < index + length, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let read = (index..<end).map { hex(bytes[$0]) }.joined(separator: " ")
        if end == index + length {
            return "\(read) does not encode a character (it is an overlong form, a surrogate or past U+10FFFF)"
        }
        let (starts, them) = end - index == 1 ? ("starts", "it") : ("start", "them")
        guard end < bytes.count else { return "\(read) \(starts) a \(length)-byte character, but the file ends after \(them)" }
        return "\(read) \(starts) a \(length)-byte character, but the byte after \(them), \(hex(bytes[end])), does not continue it"
    }

    /// The offset of the first byte of `bytes` that is not well-formed UTF-8, if any.
    package static func firstInvalidUTF8(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = utf8SequenceLength(at: index, in: bytes) else { return index }
            index += length
        }
        return nil
    }
}
