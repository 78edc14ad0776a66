extension Injectable {
    /// Injects the configuration value at a dotted key, converted to the destination's type.
    ///
    /// ```swift
    /// Definition(WeatherClient.init(baseURL:), .config("service.baseURL"))   // a URL
    ///     .inject(\.retries, .config("service.retries"))                       // an Int
    /// ```
    ///
    /// The key is looked up in the configuration of the assembly whose definition method wrote the
    /// injection (for an inherited injection, the parent's): the factory's values under the assembly's
    /// type name (`"WeatherAssembly": {"retries": 5}`) first, then the assembly's own
    /// ``Assembly/configuration``, then the factory's top-level values. Activation checks every such
    /// key: a missing key or a value that does not convert fails activation, naming the key, the file
    /// and the expected type.
    public static func config<V: Decodable & SendableMetatype>(_ key: String, as type: V.Type = V.self) -> Injection<V> where Self == Injection<V> {
        configured(key) { configuration throws(ConfigurationError) in try configuration.value(key, as: V.self) }
    }

    /// `config(_:as:)` for a type whose `Decodable` conformance is isolated to the main actor: every
    /// type of a module whose default isolation is the main actor, such as `struct Settings: Decodable`
    /// there. Swift picks it where the other form cannot use the conformance; nothing is annotated.
    ///
    /// ```swift
    /// struct PodcastSettings: Decodable { var feedURL: URL }          // main-actor, as declared in such a module
    /// Definition(LibraryViewModel.init(settings:), .config("podcasts"))   // a main-actor initializer
    /// ```
    ///
    /// The value is decoded while its component is built, on the main actor: the definition injecting it
    /// must be built there (a main-actor initializer or hook), and `Definition(.config("key"))` of such a
    /// type is. Activation refuses a definition built elsewhere, naming the fix (`nonisolated struct`),
    /// and a type that is not `Decodable` at all, naming ``config(_:convertedTo:)``. It checks the value
    /// decodes when it runs on the main actor (an app's launch, a test factory); elsewhere, that the key
    /// exists, and a type that is not `Decodable` fails when its component is first built.
    @_disfavoredOverload
    public static func config<V: SendableMetatype>(_ key: String, as type: V.Type = V.self) -> Injection<V> where Self == Injection<V> {
        configured(key, decodedOnMainActor: true) { configuration throws(ConfigurationError) in
            try configuration.valueDecodedOnMainActor(key, as: V.self)
        }
    }

    /// Injects the configuration value at a dotted key as a type that is not `Decodable`, converted from
    /// its string by the ``TypeConverter`` registered for `type`.
    ///
    /// ```swift
    /// Definition(Theme.init(tint:), .config("theme.tint", convertedTo: Color.self))
    /// ```
    ///
    /// A label of its own, not an overload of `config(_:as:)`: a type that is not `Decodable` read with
    /// `config(_:as:)` is refused at activation, which names this form.
    public static func config<V: SendableMetatype>(_ key: String, convertedTo type: V.Type) -> Injection<V> where Self == Injection<V> {
        configured(key) { configuration throws(ConfigurationError) in try configuration.value(key, as: V.self) }
    }

    /// Injects `text` converted by the ``TypeConverter`` registered for the destination's type
    /// (Typhoon's injection of an object from a string).
    ///
    /// ```swift
    /// Definition(Theme.init(tint:), .converted("#0044ff"))
    /// ```
    ///
    /// Activation converts it once to check that a converter exists and accepts the text.
    public static func converted<V: SendableMetatype>(_ text: String, to type: V.Type = V.self) -> Injection<V> where Self == Injection<V> {
        configured(text, label: "converted \"\(text)\"") { configuration throws(ConfigurationError) in
            try configuration.converted(text, to: V.self)
        }
    }

    /// An injection read from the configuration of the assembly whose definition body created it (for
    /// an inherited injection, the parent's), checked at activation against the same configuration.
    private static func configured<V>(
        _ key: String, label: String? = nil, decodedOnMainActor: Bool = false, read: @escaping @Sendable (Configuration) throws(ConfigurationError) -> V
    ) -> Injection<V> where Self == Injection<V> {
        let label = label ?? "configuration \"\(key)\""
        let assembly = ThreadState.current.pointee.definitions.declaringAssembly
        let reference = ConfigurationReference(label: label, assembly: assembly, decodedOnMainActor: decodedOnMainActor ? (key, V.self) : nil) {
            configuration throws(ConfigurationError) in
            // Off the main actor, a conformance isolated to it can neither decode nor be found (a dynamic
            // cast finds it only there): the key is checked.
            if decodedOnMainActor, !MainActorCall.isMainActor {
                _ = try configuration.existingValue(key)
            } else {
                _ = try read(configuration)
            }
        }
        return Injection(target: .config(reference)) { resolver in
            let context = try resolver.activeContext(label)
            do throws(ConfigurationError) {
                return try read(context.factory.configuration(forAssembly: assembly, building: context.stack.frames.last?.entry.definition))
            } catch {
                throw ResolutionError.configuration(error, path: context.path)
            }
        }
    }
}

/// A configuration key a definition injects, with a check that its value converts.
@usableFromInline
struct ConfigurationReference: Sendable {
    /// How the graph and messages name it: `configuration "service.url"`, `converted "#0044ff"`.
    let label: String
    /// The assembly whose definition body made the injection, whose configuration it reads; `nil` when
    /// it was made outside any definition body.
    let assembly: ObjectIdentifier?
    /// The key and the type read, for `.config(_:as:)` of a type whose `Decodable` conformance is
    /// isolated to the main actor: decoded only where its component is built on the main actor.
    var decodedOnMainActor: (key: String, type: Any.Type)? = nil
    let check: @Sendable (Configuration) throws(ConfigurationError) -> Void
}
