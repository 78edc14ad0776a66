import Foundation
import Monsoon

/// Starts an app made of feature modules (BeeHive's module manager): makes the modules a manifest lists,
/// activates one factory with their services and the app's assemblies, and hands them the lifecycle
/// events in priority order, higher first.
///
/// ```json
/// { "version": 1,
///   "assemblies": ["MonsoonMediator.MediatorAssembly", "MonsoonRouter.RouterAssembly"],
///   "modules": [{"type": "ShopOrders.OrdersModule", "priority": 200},
///               {"type": "ShopSearch.SearchModule", "priority": 100}] }
/// ```
///
/// ```swift
/// let host = try ModuleHost(manifestResource: "manifest", in: .module)
/// try host.start()                       // setUp for every module, then initialize for every module
/// try host.post("userDidSignIn", payload: ["user": "ada"])
/// print(host.activationReport)           // the factory's report, with each module's start-up time
/// try host.tearDown()                    // lowest priority first
/// ```
///
/// A module that throws stops the event there with `LifecycleError.Kind.moduleFailed` naming the module
/// and the event; `tearDown` still reaches every module that was set up, and then reports the failures.
/// The report keeps the last time of each event per module, so posting events for the app's lifetime
/// does not make it grow.
public final class ModuleHost {
    /// One started module.
    public struct Entry {
        /// The module's type name.
        public let name: String
        /// Higher starts first.
        public let priority: Int
        /// The module.
        public let module: any LifecycleModule
    }

    /// The app's factory, with every module's services.
    public let factory: BlockComponentFactory
    /// The modules, in the order they receive events.
    public let modules: [Entry]
    /// The manifest environment the host was started with, if any.
    public let environment: String?
    private var state = State.created
    /// The modules whose `setUp` returned: the ones `tearDown` reaches after a failed start.
    private var setUpModules: Set<ObjectIdentifier> = []
    /// Per module, the last time each event took, in the order events first came.
    private var timings: [String: [(event: String, duration: Duration)]] = [:]

    private enum State {
        case created, started, failedToStart, tornDown
    }

    /// Starts from the manifest file at `url`: its assemblies, configuration and modules.
    ///
    /// A test starts the app's own manifest with fakes:
    ///
    /// ```swift
    /// let host = try ModuleHost(manifest: appManifestURL, environment: "offline",
    ///                           replacing: [FakeNetworkAssembly()],
    ///                           configuration: try Configuration(json: Data(#"{"greeting": "Hi"}"#.utf8), name: "test.json"))
    /// ```
    ///
    /// - Parameters:
    ///   - environment: the manifest environment whose configuration files to read.
    ///   - replacing: assemblies that take the place of the assemblies (the manifest's, the modules', or
    ///     collaborators of those) of their class or a superclass of it, as with `BlockComponentFactory.forTesting`;
    ///     one that would replace none is refused with `LifecycleError.Kind.replacesNothing`.
    ///   - configuration: values merged over the manifest's (they win).
    public convenience init(
        manifest url: URL, environment: String? = nil, replacing: [Assembly] = [], configuration: Configuration = .empty
    ) throws(LifecycleError) {
        let contents: ManifestContents
        do {
            contents = try BlockComponentFactory.manifestContents(at: url, environment: environment)
        } catch {
            throw LifecycleError(.manifest, "The manifest cannot start the modules: \(error)", underlyingError: error)
        }
        try self.init(contents: contents, environment: environment, replacing: replacing, configuration: configuration)
    }

    /// Starts from a manifest bundled as a resource (`manifest.json` in `bundle`); the other parameters
    /// are those of ``init(manifest:environment:replacing:configuration:)``.
    public convenience init(
        manifestResource: String, in bundle: Bundle, environment: String? = nil, replacing: [Assembly] = [],
        configuration: Configuration = .empty
    ) throws(LifecycleError) {
        guard let url = bundle.url(forResource: manifestResource, withExtension: "json") else {
            throw LifecycleError(.manifest, "The manifest \(manifestResource).json is not in the bundle \(bundle.bundlePath).")
        }
        try self.init(manifest: url, environment: environment, replacing: replacing, configuration: configuration)
    }

    private convenience init(
        contents: ManifestContents, environment: String?, replacing: [Assembly], configuration: Configuration
    ) throws(LifecycleError) {
        var listed: [(module: any LifecycleModule, priority: Int)] = []
        var places: [ObjectIdentifier: String] = [:]
        for entry in contents.modules {
            guard let type = AssemblyTypeLookup.type(named: entry.type) else {
                throw LifecycleError(.unknownModule, "\(contents.name) \(entry.place): no type is named \(entry.type). Names are module-qualified, like MyApp.OrdersModule, and the type must be linked into the program.")
            }
            guard let moduleType = type as? any LifecycleModule.Type else {
                throw LifecycleError(.unknownModule, "\(contents.name) \(entry.place): \(entry.type) is not a LifecycleModule; conform it to LifecycleModule (with a public init()).")
            }
            if let earlier = places[ObjectIdentifier(moduleType)] {
                throw LifecycleError(.duplicateModule, "\(contents.name) \(entry.place): \(entry.type) is listed more than once (also at \(earlier)).")
            }
            places[ObjectIdentifier(moduleType)] = entry.place
            listed.append((moduleType.init(), entry.priority))
        }
        try self.init(modules: listed, assemblies: contents.assemblies, configuration: contents.configuration.overriding(with: configuration),
                      environment: environment, replacing: replacing)
    }

    /// Starts `modules` with `assemblies` and `configuration`, without a manifest.
    ///
    /// - Parameter replacing: assemblies that take the place of the ones (given, brought by the modules,
    ///   or collaborators of those) of their class or a superclass of it.
    /// - Throws: `LifecycleError.Kind.duplicateModule`, `LifecycleError.Kind.replacesNothing` for an
    ///   assembly in `replacing` that would replace none, or `LifecycleError.Kind.activation`.
    public init(
        modules: [(module: any LifecycleModule, priority: Int)], assemblies: [Assembly] = [],
        configuration: Configuration = .empty, environment: String? = nil, replacing: [Assembly] = []
    ) throws(LifecycleError) {
        var seen: Set<ObjectIdentifier> = []
        for (module, _) in modules where !seen.insert(ObjectIdentifier(type(of: module))).inserted {
            throw LifecycleError(.duplicateModule, "\(Self.name(of: module)) is given more than once.")
        }
        // Stable: equal priorities keep the order given.
        let ordered = modules.enumerated().sorted { ($1.element.priority, $0.offset) < ($0.element.priority, $1.offset) }
        self.modules = ordered.map { Entry(name: Self.name(of: $0.element.module), priority: $0.element.priority, module: $0.element.module) }
        self.environment = environment
        let brought = ordered.flatMap { entry in entry.element.module.assemblies.map { ($0, "brought by \(Self.name(of: entry.element.module))") } }
        var all = assemblies + brought.map(\.0)
        try Self.requireReplacing(replacing, among: assemblies.map { ($0, nil) } + brought)
        for replacement in replacing {
            all.removeAll { Collaborators.stands(replacement, for: $0) }
            all.append(replacement)
        }
        do {
            factory = try BlockComponentFactory(assemblies: all, configuration: configuration)
        } catch {
            throw LifecycleError(.activation, "The modules' factory failed to activate. \(error)", underlyingError: error)
        }
    }

    /// Refuses a fake that would replace nothing: added beside the assembly it fakes, it would make each
    /// type both declare ambiguous, which only a resolution in `start()` would report, advising the wrong
    /// fix. Refused here, before activation, because the host's assemblies are known from this point.
    ///
    /// - Parameter listed: the host's assemblies, each with what brought it (`nil` for those given).
    private static func requireReplacing(_ replacing: [Assembly], among listed: [(Assembly, String?)]) throws(LifecycleError) {
        let unrelated: (fake: String, couldReplace: [String])?
        do {
            unrelated = try Collaborators.fakeReplacingNothing(replacing, among: listed)
        } catch {
            throw LifecycleError(.activation, "The modules' factory failed to activate. \(error)", underlyingError: error)
        }
        guard let (fakeName, names) = unrelated else { return }
        throw LifecycleError(.replacesNothing, """
            \(fakeName), given to replacing:, replaces none of the host's assemblies: it is neither one of them nor a subclass of one. \
            The assemblies it could replace: \(names.isEmpty ? "none" : names.joined(separator: ", ")). Make \(fakeName) a subclass of the \
            assembly it stands in for; to add it beside them, list it with the host's assemblies instead.
            """)
    }

    /// Sends `setUp` to every module, then `initialize` to every module.
    ///
    /// - Throws: `LifecycleError.Kind.moduleFailed` when a module throws; the host then accepts only
    ///   ``tearDown()``, which reaches the modules whose `setUp` returned.
    public func start() throws(LifecycleError) {
        guard state == .created else { throw LifecycleError(.wrongState, "start() was already called.") }
        state = .failedToStart
        try deliver("setUp") { module, context in
            try module.setUp(context)
            setUpModules.insert(ObjectIdentifier(module))
        }
        try deliver("initialize") { try $0.initialize($1) }
        state = .started
    }

    /// Sends `splash` to every module.
    public func splash() throws(LifecycleError) {
        try requireStarted("splash()")
        try deliver("splash") { try $0.splash($1) }
    }

    /// Sends an app-defined event to every module.
    public func post(_ name: String, payload: [String: any Sendable] = [:]) throws(LifecycleError) {
        try requireStarted("post(\"\(name)\")")
        let event = ModuleEvent(name: name, payload: payload)
        try deliver(name) { try $0.handle(event, $1) }
    }

    /// Sends `tearDown` to every module, lowest priority first, even when one throws; then reports the
    /// failures, if any.
    public func tearDown() throws(LifecycleError) {
        if state != .failedToStart { try requireStarted("tearDown()") }
        state = .tornDown
        var failures: [String] = []
        var first: (any Error)?
        for entry in modules.reversed() where setUpModules.contains(ObjectIdentifier(entry.module)) {
            do {
                try timed(entry, "tearDown") { try entry.module.tearDown(context(for: entry)) }
            } catch {
                failures.append("\(entry.name): \(error)")
                first = first ?? error
            }
        }
        if !failures.isEmpty {
            throw LifecycleError(.moduleFailed, "tearDown failed in \(failures.joined(separator: "; ")).", underlyingError: first)
        }
    }

    /// The factory's activation report, with a section giving each module's priority and the time each
    /// event took it.
    public var activationReport: ActivationReport {
        factory.activationReport.adding(ActivationReport.Section(title: "Modules, by priority", lines: modules.map { entry in
            let events = (timings[entry.name] ?? []).map { "\($0.event) \(ActivationReport.formatted($0.duration))" }
            return "\(entry.name) (priority \(entry.priority))" + (events.isEmpty ? "" : ": " + events.joined(separator: ", "))
        }))
    }

    private func requireStarted(_ call: String) throws(LifecycleError) {
        switch state {
        case .created: throw LifecycleError(.wrongState, "\(call) before start(): start the modules first.")
        case .tornDown: throw LifecycleError(.wrongState, "\(call) after tearDown(): the modules have stopped.")
        case .failedToStart: throw LifecycleError(.wrongState, "\(call) after start() failed: only tearDown() is possible.")
        case .started: break
        }
    }

    private func deliver(_ event: String, _ send: (any LifecycleModule, ModuleContext) throws -> Void) throws(LifecycleError) {
        for entry in modules {
            do {
                try timed(entry, event) { try send(entry.module, context(for: entry)) }
            } catch {
                throw LifecycleError(.moduleFailed, "\(entry.name) failed to handle \(event): \(error)", underlyingError: error)
            }
        }
    }

    private func timed(_ entry: Entry, _ event: String, _ body: () throws -> Void) rethrows {
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let duration = clock.now - start
            var moduleTimings = timings[entry.name, default: []]
            if let index = moduleTimings.firstIndex(where: { $0.event == event }) {
                moduleTimings[index].duration = duration
            } else {
                moduleTimings.append((event, duration))
            }
            timings[entry.name] = moduleTimings
        }
        try body()
    }

    private func context(for entry: Entry) -> ModuleContext {
        ModuleContext(factory: factory, environment: environment, module: entry.name)
    }

    private static func name(of module: any LifecycleModule) -> String {
        typeName(type(of: module))
    }
}

@available(*, unavailable, message: "A module host belongs to the code that starts the app; deliver its events from there.")
extension ModuleHost: Sendable {}

@available(*, unavailable, message: "An entry holds its module, which belongs to the host's thread.")
extension ModuleHost.Entry: Sendable {}
