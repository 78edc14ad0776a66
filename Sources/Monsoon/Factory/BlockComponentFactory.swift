/// Turns assemblies into components: activation registers every listed definition and builds the
/// singletons; resolution then builds or reuses components according to their scopes.
///
/// ```swift
/// let factory = try BlockComponentFactory(assemblies: [QuestAssembly(), CoreAssembly()])
/// let knight = try factory.resolve(QuestAssembly.knight)          // by method reference
/// let quest = try factory.resolve((any Quest).self)               // by declared type
/// let horse: Horse = try factory.resolve(key: "QuestAssembly.horse()")
/// ```
///
/// A factory is safe to use from any number of threads. It owns its pools: two factories never share
/// instances, and releasing a factory releases its singletons.
public final class BlockComponentFactory: Sendable {
    let registry: Registry
    let assemblies: AssemblyDirectory
    let coordinator = SharedInstanceCoordinator()

    /// Activates `assemblies`: registers every definition they list, checks the registry, and builds the
    /// `singleton` components in registration order.
    ///
    /// - Parameter assemblies: one instance per assembly type. A subclass replaces its superclass: its
    ///   definitions are registered under its own type name, and resolving the superclass's methods
    ///   reaches it.
    /// - Throws: ``ActivationError`` listing every problem found (duplicate keys or assemblies,
    ///   references to definitions no assembly lists, singletons that fail to build). A factory that
    ///   throws is discarded whole.
    /// - Complexity: O(*n*) in the number of definitions, plus building the singletons.
    public init(assemblies: [Assembly]) throws(ActivationError) {
        self.assemblies = AssemblyDirectory(assemblies)
        self.registry = try Registry.activating(assemblies)
        try buildSingletons()
    }

    /// Every registered key, in registration order.
    public var keys: [String] { registry.keys }

    /// Every registered definition, in registration order.
    public var definitions: [AnyDefinition] { registry.entries.map(\.definition) }

    private func buildSingletons() throws(ActivationError) {
        var problems: [ActivationError.Problem] = []
        for entry in registry.entries where entry.scope == .singleton && !entry.definition.isAbstract {
            do {
                _ = try withResolution { context throws(ResolutionError) in try context.instance(of: entry) }
            } catch {
                problems.append(.singletonFailed(entry.key, error: error))
            }
        }
        if !problems.isEmpty { throw ActivationError(problems: problems) }
    }
}
