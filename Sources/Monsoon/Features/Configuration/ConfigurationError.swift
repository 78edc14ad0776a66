import MonsoonFormats

/// Why configuration could not be loaded or a value could not be read. The message names the key, the
/// file and the expected type.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public let kind: ErrorKind
    /// The dotted key concerned, when there is one.
    public let key: String?
    /// The file concerned, when there is one.
    public let file: String?
    /// The full message.
    public let description: String
}

extension ConfigurationError {
    static func missingFile(_ file: String) -> Self {
        Self(kind: .missingFile, key: nil, file: file, description: "Configuration file \(file) does not exist or cannot be read.")
    }

    static func notJSON(_ file: String, problem: JSONSyntaxProblem) -> Self {
        Self(kind: .notJSON, key: nil, file: file, description: "Configuration file \(file) is not valid JSON: \(problem).")
    }

    static func notPropertyList(_ file: String, reason: String) -> Self {
        Self(kind: .notPropertyList, key: nil, file: file, description: "Configuration file \(file) cannot be read: \(reason).")
    }

    static func malformedProperties(_ file: String, line: Int, reason: String, advice: String = "Write one `key=value` per line.") -> Self {
        Self(kind: .malformedProperties, key: nil, file: file,
             description: "Configuration file \(file), line \(line): \(reason). \(advice)")
    }

    static func notAnObject(_ file: String, found: String) -> Self {
        Self(kind: .notAnObject, key: nil, file: file,
             description: "Configuration file \(file) must contain a JSON object at the top level, not \(found).")
    }

    static func missingKey(_ key: String, files: [String], nearest: [String]) -> Self {
        let searched = files.isEmpty ? "no configuration files are attached" : "searched \(files.joined(separator: ", "))"
        let hint = nearest.isEmpty ? "" : " Did you mean: \(nearest.joined(separator: ", "))?"
        return Self(kind: .missingKey, key: key, file: nil,
                    description: "Configuration key \"\(key)\" is missing (\(searched)).\(hint)")
    }

    static func underScalar(_ key: String, prefix: String, found: String, provenance: Provenance, file: String?) -> Self {
        let from = provenance.isPlain ? "in \(provenance.origin)" : "(from \(provenance.origin))"
        return Self(kind: .missingKey, key: key, file: file,
                    description: "Configuration key \"\(key)\" is missing: \"\(prefix)\" is \(found) \(from), not an object, so it has no \"\(key.dropFirst(prefix.count + 1))\".")
    }

    /// - Parameter because: the field of an object or array that did not convert, and why.
    static func wrongType(_ key: String, provenance: Provenance, file: String?, expected: Any.Type, found: String, because: String? = nil) -> Self {
        let problem = "is \(found), which cannot be converted to \(typeName(expected))" + (because.map { ": \($0)" } ?? "")
        guard !provenance.isPlain else {
            return Self(kind: .wrongType, key: key, file: file,
                        description: "Configuration key \"\(key)\" in \(provenance.origin) \(problem).")
        }
        let overriding = provenance.overridden.isEmpty ? "" : ", which overrides \(provenance.overridden.reversed().joined(separator: " and "))"
        return Self(kind: .wrongType, key: key, file: file,
                    description: "Configuration key \"\(key)\" \(problem): the value comes from \(provenance.origin)\(overriding).")
    }
}

/// Where a configuration value came from, for messages.
struct Provenance {
    /// The source that supplied the value, as ``Configuration/Source/origin`` names it.
    let origin: String
    /// Whether that source is a file read as it is, not an assembly's defaults or a section.
    let isFile: Bool
    /// The sources whose values for the key it replaced, first to last.
    let overridden: [String]

    /// Whether naming the file says all there is.
    var isPlain: Bool { isFile && overridden.isEmpty }
}

extension ConfigurationError {
    static func noConverter(for type: Any.Type, subject: String) -> Self {
        Self(kind: .noConverter, key: nil, file: nil,
             description: "\(subject) cannot be converted to \(typeName(type)): no TypeConverter is registered for it. "
                + "Register one: configuration.converting(with: [TypeConverter(\(typeName(type)).self) { text in … }]). "
                + "If \(typeName(type)) is Decodable, its conformance is isolated to an actor here (a module whose default "
                + "isolation is the main actor): declare it `nonisolated` so that the configuration can decode it.")
    }

    static func conversionFailed(key: String?, subject: String, text: String, type: Any.Type, error: (any Error)?) -> Self {
        let reason = error.map { "its TypeConverter threw: \($0)" } ?? "its TypeConverter returned another type"
        return Self(kind: .conversionFailed, key: key, file: nil,
                    description: "\(subject) (\"\(text)\") cannot be converted to \(typeName(type)): \(reason).")
    }

    /// Read with `.config(_:as:)` as a type that is not `Decodable`.
    static func notDecodable(_ key: String, type: Any.Type) -> Self {
        Self(kind: .noConverter, key: key, file: nil,
             description: "Configuration key \"\(key)\" is read as \(typeName(type)), which is not Decodable. Conform \(typeName(type)) to "
                + "Decodable, or read it with .config(\"\(key)\", convertedTo: \(typeName(type)).self) and a TypeConverter registered for it.")
    }

    /// A type whose `Decodable` conformance is isolated to the main actor, decoded elsewhere.
    ///
    /// - Parameters:
    ///   - building: the type of the component it is injected into, which is not built there.
    ///   - knownDecodable: whether the type was found to be `Decodable`: off the main actor, a dynamic
    ///     cast may not find a conformance isolated to it.
    static func decodedOffMainActor(_ key: String, type: Any.Type, building: Any.Type? = nil, knownDecodable: Bool) -> Self {
        let label = "Configuration key \"\(key)\""
        let name = typeName(type)
        let whereDecoded = building.map { "it is injected into \(typeName($0)), which is built off the main actor (its initializer is nonisolated)" }
            ?? "it is decoded off the main actor"
        guard knownDecodable else {
            return Self(kind: .wrongType, key: key, file: nil,
                        description: "\(label) is read as \(name), which is not Decodable, or whose Decodable conformance is isolated to the main "
                            + "actor (which can be told only there), and \(whereDecoded). Declare nonisolated struct \(name): Decodable, or read "
                            + "it with .config(\"\(key)\", convertedTo: \(name).self) and a TypeConverter registered for it.")
        }
        return Self(kind: .wrongType, key: key, file: nil,
                    description: "\(label) is read as \(name), whose Decodable conformance is isolated to the main actor (every type "
                        + "of a module whose default isolation is the main actor is), but \(whereDecoded). Declare nonisolated struct "
                        + "\(name) (or `struct \(name): nonisolated Decodable`), or inject it into a component built on the main actor.")
    }
}
