/// The category of an error or finding, like `ResolutionError.Kind.unknownKey`: a name compared by
/// value, so that Monsoon can add kinds without breaking code that matches the existing ones. Each error
/// type declares its kinds in an extension `where Subject ==` that type.
public struct Kind<Subject>: Hashable, Sendable, CustomStringConvertible {
    let name: String

    package init(name: String) {
        self.name = name
    }

    public var description: String { name }
}
