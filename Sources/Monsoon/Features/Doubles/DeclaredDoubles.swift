/// Test and preview doubles declared beside the definition they replace, and live-only definitions: a
/// test factory (`forTesting`, the `.monsoonFactory` trait) builds every declared test double in place of
/// the live component, across the whole graph, and refuses a live-only definition that has none; a
/// preview factory does the same with preview doubles.
///
/// ```swift
/// func httpClient() -> Definition<any HTTPClient> {
///     define(.lazySingleton) {
///         Definition(URLSessionHTTPClient.init(settings:))
///             .testDouble(Definition(RecordingHTTPClient.init))
///     }
/// }
/// ```
extension Definition {
    /// Declares the double a test factory builds in place of this definition's component: every
    /// reference to this definition, anywhere in the graph, receives the double in a test. The double
    /// is a definition of its own — an initializer wired by type or with arguments, a closure, a
    /// main-actor initializer — in this definition's scope unless it sets one. Previews use it too when
    /// no ``previewDouble(_:)`` is declared. An app's factory never builds it.
    public func testDouble(_ double: Definition<T>) -> Definition<T> {
        let double = double.specialized().erased
        return changingRecipe { recipe in
            recipe.doubles = DeclaredDoubles(test: double, preview: recipe.doubles?.preview, isLiveOnly: recipe.doubles?.isLiveOnly ?? false)
        }
    }

    /// Declares the double a preview factory (`BlockComponentFactory(…, doubles: .previews)`) builds in
    /// place of this definition's component: sample data for a SwiftUI preview. See ``testDouble(_:)``.
    public func previewDouble(_ double: Definition<T>) -> Definition<T> {
        let double = double.specialized().erased
        return changingRecipe { recipe in
            recipe.doubles = DeclaredDoubles(test: recipe.doubles?.test, preview: double, isLiveOnly: recipe.doubles?.isLiveOnly ?? false)
        }
    }

    /// Marks the component as one tests and previews must never build — the network, the disk, the
    /// clock, a payment service: a test or preview factory that reaches it without a double throws
    /// `ErrorKind.liveOnly`, naming it and the path that reached it, instead of building it.
    public func liveOnly() -> Definition<T> {
        changingRecipe { recipe in
            recipe.doubles = DeclaredDoubles(test: recipe.doubles?.test, preview: recipe.doubles?.preview, isLiveOnly: true)
        }
    }
}

extension BlockComponentFactory {
    /// Which declared doubles a factory builds in place of the live components (see
    /// ``Definition/testDouble(_:)``).
    public enum Doubles: Sendable {
        /// None: the app's factory, which builds every live component.
        case none
        /// Each definition's test double; a live-only definition without one throws `ErrorKind.liveOnly`.
        /// What `forTesting` and the `.monsoonFactory` trait of MonsoonTesting make.
        case tests
        /// Each definition's preview double, or else its test double; a live-only definition with
        /// neither throws `ErrorKind.liveOnly`.
        case previews
    }
}

/// The doubles one definition declares.
final class DeclaredDoubles: Sendable {
    let test: AnyDefinition?
    let preview: AnyDefinition?
    let isLiveOnly: Bool

    init(test: AnyDefinition?, preview: AnyDefinition?, isLiveOnly: Bool) {
        self.test = test
        self.preview = preview
        self.isLiveOnly = isLiveOnly
    }
}

/// Puts the declared doubles in place, as the last definition post-processor: the one mechanism that
/// already replaces a definition while keeping its key, so that every reference, lookup by type,
/// parameterized definition and child factory reaches the double.
struct DoubleSubstitution: DefinitionPostProcessor {
    let doubles: BlockComponentFactory.Doubles

    /// After every post-processor of the app's: those see and rewrite the live definitions as in the app.
    var order: Int { .max }

    func process(_ definition: inout RegisteredDefinition) {
        definition.definition = definition.definition.substitutingDouble(for: doubles, key: definition.key)
    }
}

extension AnyDefinition {
    /// This definition as a factory building `doubles` has it: its declared double under its identity,
    /// scope and exposed types; a refusal, if it is live-only without one; else itself.
    func substitutingDouble(for doubles: BlockComponentFactory.Doubles, key: String) -> AnyDefinition {
        guard doubles != .none, let declared = box.declaredDoubles else { return self }
        if let double = doubles == .previews ? declared.preview ?? declared.test : declared.test {
            var substitute = double
            substitute.adopt(identityOf: self)
            substitute.standIn(for: self)
            return substitute
        }
        guard declared.isLiveOnly, !isAbstract else { return self }
        var refusal = AnyDefinition(box: box.refusing { resolver in .liveOnly(key, in: doubles, path: resolver.currentPath) })
        refusal.buildsNothing()
        return refusal
    }
}

extension RecipeBehaviour {
    /// A box of the same fields whose build throws `refusal`'s error before building anything.
    func refusingRecipe(_ refusal: @escaping @Sendable (Resolver) -> ResolutionError) -> AnyDefinition.Box {
        let recipe = Recipe<T>(initializer: Initializer(dependencies: [], takesRewrites: false) { resolver in throw refusal(resolver) })
        return RecipeBehaviour(recipe, AnyDefinition.Compilation(fields: fields, dependencies: [], build: nil, make: nil))
    }
}
