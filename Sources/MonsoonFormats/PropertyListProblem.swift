/// Where and why an XML property list cannot be read, at a byte offset, a line and a column.
package struct PropertyListProblem: Error, Equatable, CustomStringConvertible {
    package enum Kind: Equatable {
        /// The file ends inside an element, a comment or a declaration.
        case truncated
        /// Dictionaries and arrays nested deeper than ``NestingLimit/depth``.
        case tooDeep
        /// Bytes that are not UTF-8, explained by ``SourcePosition/utf8Fault(at:in:)``.
        case invalidUTF8(String)
        /// Markup or text that cannot stand where it stands; `expected` says what could.
        case unexpected(found: String, expected: String)
        /// An `&…;` that is neither a predefined entity nor a character reference.
        case badEntity
        /// `<integer>` or `<real>` text that is not such a number: the text and what it should be.
        case notANumber(String, String)
        /// A `<date>` or `<data>` value, which configuration cannot hold, at a key path.
        case unsupported(String, path: String)
    }

    package let kind: Kind
    /// Where the problem is, from 0.
    package let byteOffset: Int
    package let line: Int
    package let column: Int

    package var description: String {
        let place = "at line \(line), column \(column)"
        return switch kind {
        case .truncated:
            "the property list ends early \(place): an element, comment or declaration is not closed (was the file cut off?)"
        case .tooDeep:
            "dictionaries and arrays are nested more than \(NestingLimit.depth) deep \(place)"
        case .invalidUTF8(let fault):
            "invalid UTF-8 \(place) (byte \(byteOffset)): \(fault)"
        case .unexpected(let found, let expected):
            "invalid property list \(place): found \(found) where \(expected) should be"
        case .badEntity:
            "invalid property list \(place): an & that starts no entity (write &amp; for &)"
        case .notANumber(let text, let kind):
            "invalid property list \(place): \"\(text)\" is not \(kind)"
        case .unsupported(let kind, let path):
            "\"\(path)\" is \(kind) (\(place)), which configuration cannot hold (only dictionaries, arrays, strings, numbers and booleans)"
        }
    }
}
