/// The steps a definition hands down to the definitions that name it as parent, with the component
/// type erased so that a `Definition<HomeController>` can apply a `Definition<BaseController>`'s
/// injections. Activation merges a whole parent chain into one value, root first.
struct InheritedSteps: Sendable {
    struct Property: Sendable {
        let keyPath: AnyKeyPath & Sendable
        let target: Dependency.Target
        let apply: @Sendable (inout Any, Resolver) throws -> Void
    }

    var initializer: (@Sendable (Resolver) throws -> Any)?
    /// The inherited initializer's call, when it is `async` (see `Initializer.makeAsync`).
    var initializerAsync: (@Sendable (Resolver) throws -> PendingCall<Any>)?
    /// What the inherited initializer injects, for an asynchronous resolution to produce first.
    var initializerTargets: [Dependency.Target] = []
    /// Whether the inherited initializer or a hook is isolated to the main actor.
    var isMainActor = false
    var beforeInjections: [@Sendable (Any) -> Void] = []
    var properties: [Property] = []
    var methods: [Method] = []
    /// Arguments of the ancestors' methods rewritten for this definition (by post-processors), by the
    /// method's position in its ancestors' merged `methods`, in the order they were made.
    var methodRewrites: [Int: [MethodRewrite]] = [:]
    var afterInjections: [@Sendable (Any) -> Void] = []
    /// Whether these hooks replace, kind by kind, the hooks of the definitions above (see
    /// `Definition.replacingInheritedHooks()`).
    var replacesInheritedHooks = false

    /// An injected method, erased: what it runs and what it injects.
    struct Method: Sendable {
        let apply: @Sendable (inout Any, Resolver) throws -> Void
        let targets: [Dependency.Target]
        /// This method with one more argument replaced, keeping the replacements it has: how the
        /// rewrites a chain's definitions made of it add up.
        let replacingArgument: @Sendable (MethodRewrite) throws(DefinitionRewriteError) -> Method
    }

    /// One argument of an inherited method replaced (`RegisteredDefinition.replaceInjection`), kept as
    /// such rather than as the rewritten method, so that merging a parent chain applies it on top of
    /// every rewrite above it, whichever post-processor made which first.
    struct MethodRewrite: Sendable {
        let argument: Int
        let replacement: ArgumentRewrites.Replacement
        let target: Dependency.Target
        let site: InjectionSite
    }

    /// What the inherited methods inject, in order.
    var methodTargets: [Dependency.Target] { methods.flatMap(\.targets) }

    /// What the inherited properties and methods inject.
    var injectionTargets: [Dependency.Target] { properties.map(\.target) + methodTargets }

    /// These (an ancestor chain's merged) steps with `rewrites` applied to their methods. Each rewrite
    /// was checked when it was made, against the same method's parameters (rewrites change arguments,
    /// never parameter types); one that no longer fits (its ancestor replaced since) is left out.
    func rewritingMethods(_ rewrites: [Int: [MethodRewrite]]) -> InheritedSteps {
        guard !rewrites.isEmpty else { return self }
        var steps = self
        // Rewrites of different methods are independent: only each method's own list is ordered.
        for (index, list) in rewrites where steps.methods.indices.contains(index) {
            for rewrite in list {
                if let rewritten = try? steps.methods[index].replacingArgument(rewrite) { steps.methods[index] = rewritten }
            }
        }
        return steps
    }

    /// `self` (an ancestor's steps) followed by `child`'s: the child's initializer wins, and an ancestor
    /// property the child injects again is dropped so that it is injected once, with the child's value.
    func inherited(by child: InheritedSteps) -> InheritedSteps {
        let childKeyPaths = child.properties.map(\.keyPath)
        let childInitializes = child.initializer != nil
        let ancestors = rewritingMethods(child.methodRewrites)
        return InheritedSteps(
            initializer: childInitializes ? child.initializer : initializer,
            initializerAsync: childInitializes ? child.initializerAsync : initializerAsync,
            initializerTargets: childInitializes ? child.initializerTargets : initializerTargets,
            isMainActor: isMainActor || child.isMainActor,
            beforeInjections: child.replaces(beforeInjections, with: child.beforeInjections),
            properties: properties.filter { property in !childKeyPaths.contains { $0 == property.keyPath } } + child.properties,
            methods: ancestors.methods + child.methods,
            afterInjections: child.replaces(afterInjections, with: child.afterInjections))
    }

    /// The hooks of one kind once `hooks` are inherited by these steps, whose own are `own`.
    func replaces(_ hooks: [@Sendable (Any) -> Void], with own: [@Sendable (Any) -> Void]) -> [@Sendable (Any) -> Void] {
        replacesInheritedHooks && !own.isEmpty ? own : hooks + own
    }

    /// These steps without an initializer: what a child with its own initializer inherits.
    mutating func droppingInitializer() {
        initializer = nil
        initializerAsync = nil
        initializerTargets = []
    }
}

extension Recipe {
    /// This recipe's own steps, erased to work on any component that is a `T`.
    var inheritableSteps: InheritedSteps {
        var steps = InheritedSteps()
        if let initializer {
            let make = initializer.make
            steps.initializer = { resolver in try make(resolver) }
            if let makeAsync = initializer.makeAsync {
                steps.initializerAsync = { resolver in
                    let pending = try makeAsync(resolver)
                    return PendingCall { try await pending.run() }
                }
            }
            steps.initializerTargets = initializer.dependencies
        }
        steps.isMainActor = isMainActor
        steps.beforeInjections = beforeInjections.map(erase)
        steps.properties = properties.map { property in
            InheritedSteps.Property(keyPath: property.keyPath, target: property.target, apply: erase(property.apply))
        }
        steps.methods = methods.map(RecipeBehaviour<T>.inheritable)
        steps.methodRewrites = inheritedMethodRewrites
        steps.afterInjections = afterInjections.map(erase)
        steps.replacesInheritedHooks = replacesInheritedHooks
        return steps
    }

    private func erase(_ hook: @escaping @Sendable (T) -> Void) -> @Sendable (Any) -> Void {
        { component in
            if let typed = component as? T { hook(typed) }
        }
    }

    func erase(
        _ step: @escaping @Sendable (inout T, Resolver) throws -> Void
    ) -> @Sendable (inout Any, Resolver) throws -> Void {
        Self.erase(step)
    }

    static func erase(
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

/// A parent chain's merged steps on the heap, as a registry entry keeps them: most entries have no
/// parent, and the steps inline (about 100 bytes of closures and arrays) would make every entry larger.
final class InheritedStepsBox: Sendable {
    let steps: InheritedSteps

    init(_ steps: InheritedSteps) {
        self.steps = steps
    }
}
