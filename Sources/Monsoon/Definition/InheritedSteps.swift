/// The steps a definition hands down to the definitions that name it as parent, with the component
/// type erased so that a `Definition<HomeController>` can apply a `Definition<BaseController>`'s
/// injections. Activation merges a whole parent chain into one value, root first.
@usableFromInline
struct InheritedSteps: Sendable {
    @usableFromInline
    struct Property: Sendable {
        let keyPath: AnyKeyPath & Sendable
        @usableFromInline let apply: @Sendable (inout Any, Resolver) throws -> Void
    }

    @usableFromInline var initializer: (@Sendable (Resolver) throws -> Any)?
    @usableFromInline var beforeInjections: [@Sendable (Any) -> Void] = []
    @usableFromInline var properties: [Property] = []
    @usableFromInline var methods: [@Sendable (inout Any, Resolver) throws -> Void] = []
    @usableFromInline var afterInjections: [@Sendable (Any) -> Void] = []

    /// `self` (an ancestor's steps) followed by `child`'s: the child's initializer wins, and an ancestor
    /// property the child injects again is dropped so that it is injected once, with the child's value.
    func inherited(by child: InheritedSteps) -> InheritedSteps {
        let childKeyPaths = child.properties.map(\.keyPath)
        return InheritedSteps(
            initializer: child.initializer ?? initializer,
            beforeInjections: beforeInjections + child.beforeInjections,
            properties: properties.filter { property in !childKeyPaths.contains { $0 == property.keyPath } } + child.properties,
            methods: methods + child.methods,
            afterInjections: afterInjections + child.afterInjections)
    }
}

extension Recipe {
    /// This recipe's own steps, erased to work on any component that is a `T`.
    var inheritableSteps: InheritedSteps {
        var steps = InheritedSteps()
        if let make = initializer?.make {
            steps.initializer = { resolver in try make(resolver) }
        }
        steps.beforeInjections = beforeInjections.map(erase)
        steps.properties = properties.map { property in
            InheritedSteps.Property(keyPath: property.keyPath, apply: erase(property.apply))
        }
        steps.methods = methods.map { erase($0.apply) }
        steps.afterInjections = afterInjections.map(erase)
        return steps
    }

    private func erase(_ hook: @escaping @Sendable (T) -> Void) -> @Sendable (Any) -> Void {
        { component in
            if let typed = component as? T { hook(typed) }
        }
    }

    private func erase(
        _ step: @escaping @Sendable (inout T, Resolver) throws -> Void
    ) -> @Sendable (inout Any, Resolver) throws -> Void {
        { component, resolver in
            // Activation checked that every child is a T, so this cast only fails for a value-type
            // child with a different type, which activation rejects too.
            guard var typed = component as? T else { return }
            try step(&typed, resolver)
            component = typed
        }
    }
}
