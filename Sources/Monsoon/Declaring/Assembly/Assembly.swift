/// A set of component definitions: subclass it and add one method per component, each returning a
/// ``Definition``.
///
/// ```swift
/// final class QuestAssembly: Assembly {
///     override var definitions: [any ComponentDefinition] { [knight(), quest()] }
///
///     func knight() -> Definition<Knight> { define { Definition(Knight.init(quest:), quest()) } }
///     func quest() -> Definition<any Quest> { define { Definition(HolyGrailQuest.init) } }
/// }
///
/// let factory = try BlockComponentFactory(assemblies: [QuestAssembly()])
/// let knight = try factory.resolve(QuestAssembly.knight)
/// ```
///
/// Swift cannot list a class's methods at run time on every platform, so an assembly lists its *root*
/// definitions in ``definitions``. Activation registers those and every definition they reach by
/// reference (in any injection or as a parent), under their own keys. A definition neither listed nor
/// reached is reported when used, never silently built outside the registry.
///
/// Assemblies are configuration: keep them free of mutable state. A subclass passed at activation
/// replaces its superclass everywhere that superclass's methods are resolved.
open class Assembly {
    /// An assembly; subclasses add their own initializers to take collaborators or settings.
    public init() {}

    /// The roots of this assembly's graph, one call per method: `[knight()]`. Activation registers these
    /// and every definition they reach by reference, under the keys `TypeName.method()`, builds the
    /// singletons among them, and makes them findable by type and key.
    ///
    /// List what nothing else reaches: definitions only looked up by type or key, and singletons
    /// nothing injects (built at activation only if registered). Listing a definition that is also
    /// reached is harmless.
    open var definitions: [any ComponentDefinition] { [] }

    /// The parameterized definition methods that may be resolved by key with runtime arguments
    /// (`factory.resolve(key: "QuestAssembly.knight(named:)", arguments: ["Lancelot"])`). Methods not
    /// listed here can still be resolved by method reference.
    open var parameterizedDefinitions: [ParameterizedMethod] { [] }

    /// Definition post-processors this assembly brings (Typhoon's post-processors declared in an
    /// assembly): activation runs them with the factory's own, ordered by their `order`.
    open var definitionPostProcessors: [any DefinitionPostProcessor] { [] }

    /// Instance post-processors this assembly brings, run with the factory's own, ordered by `order`.
    open var instancePostProcessors: [any InstancePostProcessor] { [] }

    /// Assemblies this one works with that are not stored in its properties (Typhoon's collaborating
    /// assemblies). Activating this assembly activates them too, and the assemblies held in its stored
    /// properties (`let network: NetworkAssembly`), once each, cycles allowed.
    ///
    /// An assembly passed at activation wins over a collaborator of the same type, of a superclass or
    /// of a subclass: passing `TestNetworkAssembly()` replaces the `NetworkAssembly` an app assembly
    /// holds, which is how tests and environments swap parts. A derived factory made
    /// ``BlockComponentFactory/without(_:)`` a type activates no collaborator of that type.
    open var collaborators: [Assembly] { [] }

    /// Configuration values this assembly brings, read by its own definitions' `.config` injections and
    /// by no other assembly's: the defaults of a library's assembly, say. The factory's configuration can
    /// override them in a section named after the assembly type (`{"NetworkAssembly": {"timeout": 5}}`),
    /// and supplies the keys neither has. The activation report lists where each value came from.
    open var configuration: Configuration { .empty }
}

@available(*, unavailable, message: "Assemblies are configuration used while activating and resolving; they are not shared values.")
extension Assembly: Sendable {}
