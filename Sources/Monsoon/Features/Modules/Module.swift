/// An assembly written as bindings instead of definition methods: Objection's module model, on the same
/// factory. Override ``configure(_:)`` and bind instances, closures and providers to types:
///
/// ```swift
/// final class NetworkModule: Module {
///     override func configure(_ binder: Binder) {
///         binder.bind(URLSession.shared)                                   // to its own type
///         binder.bind(SystemClock(), to: (any Clock).self)                 // to a protocol
///         binder.bind(WeatherClient.self, scope: .lazySingleton) { resolver in
///             WeatherClient(session: try resolver.resolve(), clock: try resolver.resolve())
///         }
///         binder.bind((any Backend).self, named: "staging") { _ in StagingBackend() }
///         binder.bind(Engine.self, provider: EngineProvider())
///         binder.eagerSingleton(WeatherClient.self)
///     }
/// }
///
/// let factory = try BlockComponentFactory(assemblies: [NetworkModule(), QuestAssembly()])
/// let client = try factory.resolve(WeatherClient.self)
/// let staging = try factory.resolve((any Backend).self, named: "staging")
/// ```
///
/// Each binding is a definition like any other: it is in the activation report, the graph and
/// `validate()`, it can be patched, and assembly definitions can inject it with `.byType()`. Its key is
/// the module's type name and the binding's name: `NetworkModule.staging` for a named binding,
/// `NetworkModule.bind(WeatherClient)` for an unnamed one.
///
/// Where Objection differs: binding the same type twice without names is a duplicate key at
/// activation (Objection keeps the last), and two modules binding one type make resolving it by type
/// ambiguous rather than picking one. A subclass of a module replaces it, like any assembly.
open class Module: Assembly {
    /// Declares this module's bindings. Called at activation, and again whenever the factory lists the
    /// module's definitions; keep it free of side effects.
    open func configure(_ binder: Binder) {}

    public final override var definitions: [any ComponentDefinition] {
        let binder = Binder(module: type(of: self))
        // What the bindings create (`.config` injections) belongs to this module, whatever is running.
        DefinitionEvaluation.declaring(ObjectIdentifier(type(of: self))) { configure(binder) }
        return binder.bindings
    }
}
