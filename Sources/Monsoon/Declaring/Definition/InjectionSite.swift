/// Where a definition injects something: what a definition post-processor lists with
/// ``RegisteredDefinition/injectionSites`` and replaces with
/// ``RegisteredDefinition/replaceInjection(at:with:)`` (Typhoon's rewriting of a definition's
/// injections), and where a ``DependencyGraph/Edge`` starts.
public enum InjectionSite: Sendable, Hashable, CustomStringConvertible {
    /// An argument of the initializer (or factory method), from 0; for a factory-method definition, 0
    /// is the factory.
    case initializerArgument(Int)
    /// A property injected through a key path.
    case property(AnyKeyPath & Sendable)
    /// An argument of the `method`-th injected method (from 0, in declaration order).
    case methodArgument(method: Int, argument: Int)

    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.initializerArgument(left), .initializerArgument(right)): left == right
        case let (.property(left), .property(right)): left == right
        case let (.methodArgument(leftMethod, leftArgument), .methodArgument(rightMethod, rightArgument)):
            leftMethod == rightMethod && leftArgument == rightArgument
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .initializerArgument(let index): hasher.combine(0); hasher.combine(index)
        case .property(let keyPath): hasher.combine(1); hasher.combine(keyPath)
        case .methodArgument(let method, let argument): hasher.combine(2); hasher.combine(method); hasher.combine(argument)
        }
    }

    public var description: String {
        switch self {
        case .initializerArgument(let index): "initializer argument \(index)"
        case .property(let keyPath): "property \(keyPath)"
        case .methodArgument(let method, let argument): "argument \(argument) of injected method \(method)"
        }
    }
}

extension InjectionSite {
    /// The short form graphs and validation messages use: `init #0`, `\Knight.armory`,
    /// `method #0 arg #1`.
    var label: String {
        switch self {
        case .initializerArgument(let argument):
            return "init #\(argument)"
        case .property(let keyPath):
            let text = String(describing: keyPath)
            return text.contains("<computed") ? "property" : text
        case .methodArgument(let method, let argument):
            return "method #\(method) arg #\(argument)"
        }
    }
}

extension InjectionSite {
    /// Whether the site is an initializer argument: an edge through which a cycle cannot be broken.
    var isInitializerArgument: Bool {
        if case .initializerArgument = self { return true }
        return false
    }
}
