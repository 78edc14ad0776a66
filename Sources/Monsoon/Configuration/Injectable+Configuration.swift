extension Injectable {
    /// Injects the configuration value at a dotted key, converted to the destination's type.
    ///
    /// ```swift
    /// Definition(WeatherClient.init(baseURL:), .config("service.baseURL"))   // a URL
    ///     .inject(\.retries, .config("service.retries"))                       // an Int
    /// ```
    ///
    /// Activation checks every such key against the factory's ``Configuration``: a missing key or a
    /// value that does not convert fails activation, naming the key, the file and the expected type.
    public static func config<V: Decodable & SendableMetatype>(_ key: String, as type: V.Type = V.self) -> Injection<V> where Self == Injection<V> {
        let reference = ConfigurationReference(key: key) { configuration throws(ConfigurationError) in
            _ = try configuration.value(key, as: V.self)
        }
        return Injection(target: .config(reference)) { resolver in
            let context = try resolver.activeContext("configuration \"\(key)\"")
            do throws(ConfigurationError) {
                return try context.factory.configuration.value(key, as: V.self)
            } catch {
                throw ResolutionError.configuration(error, path: context.path)
            }
        }
    }
}

/// A configuration key a definition injects, with a check that its value converts.
@usableFromInline
struct ConfigurationReference: Sendable {
    let key: String
    let check: @Sendable (Configuration) throws(ConfigurationError) -> Void
}
