import Foundation

/// A JSON document as a value: how configuration is stored and merged before it is converted to the
/// types components ask for.
package enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Boxed: a ``JSONObject`` is three arrays, which inline would make every value 8 bytes larger.
    indirect case object(JSONObject)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else if let int = try? container.decode(Int.self) { self = .int(int) }
        else if let double = try? container.decode(Double.self) { self = .double(double) }
        else if let string = try? container.decode(String.self) { self = .string(string) }
        else if let array = try? container.decode([JSONValue].self) { self = .array(array) }
        else { self = .object(try container.decode(JSONObject.self)) }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// `string`, `number`, `object`… for messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses JSON data, or says where and why it is not JSON (see ``JSONParser``).
    package static func parse(_ data: Data) -> Result<JSONValue, JSONSyntaxProblem> {
        JSONParser.parse(data)
    }

    /// Converts to any `Decodable` type by re-encoding, so configuration supports every type that JSON
    /// decoding does with its default strategies (URL, nested structs, arrays, dictionaries; a `Date` only
    /// as seconds since 2001, the default).
    package func decode<T: Decodable>(as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
    }
}
