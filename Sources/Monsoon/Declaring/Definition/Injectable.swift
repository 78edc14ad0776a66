/// Something that can supply a value of `Value` to a component being built: another definition (a
/// reference), a fixed value, the unique definition of a type, or a closure.
///
/// `Definition` conforms, so calling another assembly method inside a definition injects by reference:
///
/// ```swift
/// func knight() -> Definition<Knight> {
///     define { Definition(Knight.init(quest:horse:), quest(), .value(Horse(name: "Binky"))) }
/// }
/// ```
public protocol Injectable<Value>: Sendable {
    /// The type of the value injected.
    associatedtype Value
    /// The injection this value stands for.
    var injection: Injection<Value> { get }
}

/// How one value is supplied to a component: by reference to a definition, by type, by value, or by a
/// closure that runs at build time.
///
/// Make one with ``Injectable/value(_:)``, ``Injectable/byType(_:)`` or
/// ``Injectable/resolved(_:)``, or pass a `Definition` directly.
public struct Injection<Value>: Injectable {
    @usableFromInline let target: Dependency.Target
    @usableFromInline let produce: @Sendable (Resolver) throws -> Value

    @usableFromInline
    init(target: Dependency.Target, produce: @escaping @Sendable (Resolver) throws -> Value) {
        self.target = target
        self.produce = produce
    }

    @inlinable
    public var injection: Injection<Value> { self }
}

extension Injection: CustomStringConvertible {
    public var description: String {
        switch target {
        case .definition(let reference): "reference to \(reference.function)"
        case .collection(let targets): "collection of \(targets.count)"
        case .config(let reference): reference.label
        case .provider(let reference): "provider of \(reference.function)"
        case .synchronousProvider(let reference): "synchronous provider of \(reference.function)"
        case .allOfType(let type): "all of \(typeName(type))"
        case .type(let type): "by type \(typeName(type))"
        case .value: "value of \(typeName(Value.self))"
        case .factory: "the factory"
        case .opaque: "closure producing \(typeName(Value.self))"
        }
    }
}

extension Injectable {
    /// Injects a fixed value.
    ///
    /// ```swift
    /// Definition(Horse.init(name:), .value("Binky"))
    /// ```
    public static func value<V: Sendable>(_ value: V) -> Injection<V> where Self == Injection<V> {
        Injection(target: .value) { _ in value }
    }

    /// Injects the unique component whose definition declares type `V`.
    ///
    /// - Throws: at build time, `ErrorKind.noDefinitionForType` or
    ///   `ErrorKind.ambiguousType` when there is not exactly one such definition.
    public static func byType<V>(_ type: V.Type = V.self) -> Injection<V> where Self == Injection<V> {
        Injection(target: .type(type)) { resolver in try resolver.resolve(type) }
    }

    /// Injects whatever a closure produces at build time; the escape hatch for anything not expressible
    /// as data. The factory cannot see what the closure resolves until it runs.
    ///
    /// ```swift
    /// Definition(Knight.init(quest:horse:), quest(), Injection.resolved { _ in Horse(name: "Binky") })
    /// ```
    ///
    /// In an initializer's argument list, spell it `Injection.resolved { … }`: Swift 6.3 does not infer
    /// the closure as `@Sendable` through the shorter `.resolved { … }` there.
    public static func resolved<V>(
        _ produce: @escaping @Sendable (Resolver) throws -> V
    ) -> Injection<V> where Self == Injection<V> {
        Injection(target: .opaque, produce: produce)
    }
}
