import Monsoon

/// The parameters of a mediator call, read by name and type. A string converts to the requested type
/// when the type can be made from text (`"42"` for an `Int`), so parameters that came from a URL work.
public struct MediatorParameters: Sendable {
    /// Every parameter, by name.
    public let values: [String: any Sendable]
    /// The target and action being performed, for messages.
    let call: String

    init(_ values: [String: any Sendable], call: String) {
        self.values = values
        self.call = call
    }

    /// The parameter `name` as `type`.
    ///
    /// - Throws: `MediatorError.Kind.missingParameter` (with the nearest names given) or
    ///   `MediatorError.Kind.wrongParameterType`.
    public func value<T>(_ name: String, as type: T.Type = T.self) throws(MediatorError) -> T {
        guard let value = values[name] else {
            throw MediatorError(.missingParameter, "\(call) needs the parameter \"\(name)\" (\(typeName(type))), which was not passed",
                                suggestions: nearestNames(to: name, among: Array(values.keys)))
        }
        if let typed = value as? T { return typed }
        if let text = value as? String, let converted = (T.self as? any LosslessStringConvertible.Type)?.init(text) as? T {
            return converted
        }
        throw MediatorError(.wrongParameterType,
                            "\(call): the parameter \"\(name)\" is \(typeName(Swift.type(of: value))) \"\(value)\", not \(typeName(type))")
    }

    /// The parameter `name` as `type`, or `nil` when it was not passed.
    ///
    /// - Throws: `MediatorError.Kind.wrongParameterType` when it was passed with another type.
    public func optionalValue<T>(_ name: String, as type: T.Type = T.self) throws(MediatorError) -> T? {
        values[name] == nil ? nil : try value(name, as: type)
    }
}
