import MonsoonFormats

/// Turns a configuration string into a value of one type (Typhoon's type converters): for types that
/// are not `Decodable`, or whose text form is not what `Decodable` expects (a colour written `#ff8800`).
///
/// ```swift
/// let configuration = try Configuration(files: [url])
///     .converting(with: [TypeConverter(Color.self) { text in try Color(hex: text) }])
///
/// func theme() -> Definition<Theme> {
///     define { Definition(Theme.init(tint:accent:), .config("theme.tint", convertedTo: Color.self), .converted("#0044ff")) }
/// }
/// ```
///
/// Every configuration already converts URL, Date (ISO 8601), UUID, Data (base64), Duration
/// (`1h30m`), Locale and TimeZone strings (see Docs/Configuration.md for the formats); a converter
/// registered for one of those types replaces the standard one.
///
/// A converter is used for every string value read as its type, by `.config(_:as:)` and
/// `Configuration.value(_:as:)`, before any `Decodable` conversion; `.converted(_:)` injects a literal
/// through it. What it throws becomes `ErrorKind.conversionFailed` naming the key, the
/// text and the type.
public struct TypeConverter: Sendable {
    let type: Any.Type
    let convert: @Sendable (String) throws -> Any

    /// A converter from strings to `type`.
    public init<T>(_ type: T.Type, _ convert: @escaping @Sendable (String) throws -> T) {
        self.type = type
        self.convert = { text in try convert(text) }
    }
}

extension Configuration {
    /// This configuration with `converters` added; a converter for a type that already has one replaces
    /// it.
    public func converting(with converters: [TypeConverter]) -> Configuration {
        var all = self.converters
        for converter in converters { all[ObjectIdentifier(converter.type)] = converter }
        return Configuration(sources: sources, converters: all)
    }

    /// The value at a dotted key, for a type that is not `Decodable`: converted from its string by the
    /// converter registered for `type`.
    ///
    /// - Throws: `ErrorKind.missingKey`, `ErrorKind.noConverter` when
    ///   no converter is registered for `type`, `ErrorKind.wrongType` when the value is
    ///   not a string, or `ErrorKind.conversionFailed`.
    @_disfavoredOverload
    public func value<T>(_ key: String, as type: T.Type = T.self) throws(ConfigurationError) -> T {
        let value = try existingValue(key)
        guard let converter = converter(for: type) else { throw .noConverter(for: type, subject: "Configuration key \"\(key)\"") }
        guard case .string(let text) = value else {
            throw .wrongType(key, provenance: provenance(of: key), file: source(of: key), expected: type, found: value.kindName)
        }
        return try Self.convert(text, with: converter, as: type, key: key, subject: "Configuration key \"\(key)\"")
    }

    /// `text` converted by the converter registered for `type`: what `.converted(_:)` injects.
    ///
    /// - Throws: `ErrorKind.noConverter` or `ErrorKind.conversionFailed`.
    public func converted<T>(_ text: String, to type: T.Type = T.self) throws(ConfigurationError) -> T {
        guard let converter = converter(for: type) else { throw .noConverter(for: type, subject: "The text \"\(text)\"") }
        return try Self.convert(text, with: converter, as: type, key: nil, subject: "The text \"\(text)\"")
    }

    /// The converter for `type`'s result for a string value, when one is registered.
    func convertedByRegisteredConverter<T>(_ value: JSONValue, key: String, as type: T.Type) throws(ConfigurationError) -> T? {
        guard case .string(let text) = value, let converter = converter(for: type) else { return nil }
        return try Self.convert(text, with: converter, as: type, key: key, subject: "Configuration key \"\(key)\"")
    }

    private static func convert<T>(_ text: String, with converter: TypeConverter, as type: T.Type, key: String?, subject: String) throws(ConfigurationError) -> T {
        let converted: Any
        do {
            converted = try converter.convert(text)
        } catch {
            throw .conversionFailed(key: key, subject: subject, text: text, type: type, error: error)
        }
        // Registered under `type`'s identity by a converter of that type, so this cast cannot fail.
        guard let typed = converted as? T else {
            throw .conversionFailed(key: key, subject: subject, text: text, type: type, error: nil)
        }
        return typed
    }
}
