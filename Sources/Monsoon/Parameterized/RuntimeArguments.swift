/// The runtime arguments a parameterized definition was called with: part of the pool key of every
/// component it builds, so `knight(named: "Lancelot")` and `knight(named: "Galahad")` are pooled apart.
@usableFromInline
struct RuntimeArguments: Hashable, @unchecked Sendable {
    // Unchecked because `AnyHashable` is not Sendable; every value stored here was required to be
    // `Hashable & Sendable` when it was passed to `define(arguments:)`.
    @usableFromInline let values: [AnyHashable]

    /// No arguments: computed rather than stored, so reading it costs no lazy-initialization check.
    @inlinable static var none: RuntimeArguments { RuntimeArguments(values: []) }

    @inlinable
    init(values: [AnyHashable]) {
        self.values = values
    }

    init<each Argument: Hashable & Sendable>(_ arguments: repeat each Argument) {
        var values: [AnyHashable] = []
        for argument in repeat each arguments { values.append(AnyHashable(argument)) }
        self.values = values
    }

    var isEmpty: Bool { values.isEmpty }

    /// `("Lancelot", 3)` for keys in messages.
    var description: String {
        "(" + values.map { value in
            if let string = value.base as? String { return "\"\(string)\"" }
            return String(describing: value.base)
        }.joined(separator: ", ") + ")"
    }
}

/// What pools are keyed by: the definition's call site plus its runtime arguments.
struct PoolKey: Hashable, Sendable {
    let identity: DefinitionIdentity
    let arguments: RuntimeArguments
}
