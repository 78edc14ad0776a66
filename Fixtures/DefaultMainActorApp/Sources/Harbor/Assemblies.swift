import Foundation
import Monsoon
import MonsoonMediator
import MonsoonRouter

// The four assemblies. `nonisolated` on each is the one annotation Swift requires here: an assembly
// overrides `definitions` and `init()` of Monsoon's nonisolated `Assembly`, and in this module a class
// is otherwise main-actor isolated (Docs/Concurrency.md says why).

/// Infrastructure, configured from harbor.json.
nonisolated open class CoreAssembly: Assembly, ManifestLoadable {
    public required override init() {}

    override open var definitions: [any ComponentDefinition] { [settings(), httpClient(), logger(), decoder(), endpoints(), database()] }

    /// The whole `harbor` section as one component.
    func settings() -> Definition<HarborSettings> { define { Definition(.config("harbor")) } }

    /// A main-actor class bound to a protocol that is not `Sendable`, wired by type; the network, which a
    /// test must never reach: live-only.
    func httpClient() -> Definition<any HTTPClient> { define(.lazySingleton) { Definition(BundledHTTPClient.init(settings:)).liveOnly() } }

    /// An eager singleton of a main-actor class, as app code declares a logger: built at activation, on
    /// the main actor where the app (and each test's factory) is activated.
    func logger() -> Definition<any Logger> { define(.singleton) { Definition(MemoryLogger.init) } }

    func decoder() -> Definition<TideDecoder> { define { Definition(TideDecoder.init) } }

    func endpoints() -> Definition<Endpoints> { define { Definition(Endpoints.init(settings:)) } }

    /// An eager singleton with a main-actor async initializer: built by `try await factory.start()`. Tests
    /// open an in-memory one.
    func database() -> Definition<TideDatabase> {
        define(.singleton) {
            Definition(TideDatabase.init(path:logger:), .config("database.path"), logger())
                .testDouble(Definition(TideDatabase.init(path:logger:), .value(":memory:"), logger()))
        }
    }
}

/// Services: the tide service, the report store, the session.
nonisolated open class ServiceAssembly: Assembly {
    let core = CoreAssembly()

    override open var definitions: [any ComponentDefinition] { [tideService(), reportStore(), counter(), session()] }

    /// A main-actor async initializer with non-`Sendable` arguments, wired by type and bound to its
    /// protocol; tests and previews get recorded tides instead.
    func tideService() -> Definition<any TideProvider> {
        define(.lazySingleton) {
            Definition(TideService.init(http:endpoints:decoder:logger:)).testDouble(Definition(RecordedTides.init))
        }
    }

    func reportStore() -> Definition<any ReportStore> { define(.lazySingleton) { Definition(DatabaseReportStore.init(database:)) } }

    /// In a scope of the app's own, which signing out resets.
    func counter() -> Definition<RequestCounter> { define(.requests) { Definition(RequestCounter.init) } }

    /// A property cycle: the session injects its authenticator, which injects the session back.
    func session() -> Definition<Session> { define { Definition(Session.init).inject(\.authenticator, authenticator()) } }

    func authenticator() -> Definition<Authenticator> { define { Definition(Authenticator.init(counter:)).inject(\.session, session()) } }

    /// Runtime arguments: the harbor, given when resolving.
    func report(harbor: String) -> Definition<HarborReport> {
        define(arguments: harbor) { [self] in Definition(HarborReport.init(harbor:tides:), .value(harbor), tideService()) }
    }

    func link(harbor: String) -> Definition<HarborLink> {
        define(arguments: harbor) { [self] in Definition(HarborLink.init(harbor:endpoints:), .value(harbor), core.endpoints()) }
    }
}

/// The screens: main-actor view models, defined like any other component.
nonisolated final class PresentationAssembly: Assembly, ManifestLoadable {
    let services = ServiceAssembly()

    override var definitions: [any ComponentDefinition] { [coordinator(), settingsScreen(), formatter()] }

    func formatter() -> Definition<HeightFormatter> {
        define { Definition(HeightFormatter.init).inject(\.units, .config("harbor.units")) }
    }

    func harbor(named name: String) -> Definition<HarborViewModel> {
        define(arguments: name) { [self] in
            Definition(HarborViewModel.init(harbor:tides:formatter:store:), .value(name), services.tideService(), formatter(),
                       services.reportStore())
                .afterInjections { @MainActor model in model.prepare() }
        }
    }

    func settingsScreen() -> Definition<SettingsViewModel> {
        define(.lazySingleton) {
            Definition(SettingsViewModel.init(settings:))
                .inject(\.title, "Settings")
                .injectMethod(SettingsViewModel.attach(_:), services.counter())
        }
    }

    func root() -> Definition<RootViewModel> { define { Definition(RootViewModel.init(settings:)).inject(\.coordinator, coordinator()) } }

    func coordinator() -> Definition<AppCoordinator> {
        define(.lazySingleton) {
            Definition(AppCoordinator.init(logger:))
                .inject(\.root, root())
                .afterInjections { @MainActor coordinator in coordinator.start() }
        }
    }
}

/// Navigation between features, through MonsoonRouter and MonsoonMediator.
nonisolated final class NavigationAssembly: Assembly, ManifestLoadable {
    override var definitions: [any ComponentDefinition] { [reports()] }

    func reports() -> Definition<ReportsTarget> { define { Definition(ReportsTarget.init(factory:)) } }
}

/// Mediator actions of the reports feature. `nonisolated`, as the docs ask of a type the mediator calls
/// from any thread.
nonisolated final class ReportsTarget: MediatorTarget, Sendable {
    static let targetName = "Reports"
    static var actions: [MediatorAction<ReportsTarget>] {
        [MediatorAction("link") { target, parameters in
            try target.factory.get().resolve(ServiceAssembly.link(harbor:), try parameters.value("harbor", as: String.self))
        }]
    }

    let factory: FactoryReference
    init(factory: FactoryReference) { self.factory = factory }
}

/// A crew session: opened with the skipper's name when they sign in (`factory.child(CrewAssembly(…))`),
/// closed when they sign out.
nonisolated final class CrewAssembly: Assembly {
    let skipper: String
    init(skipper: String) { self.skipper = skipper }

    override var definitions: [any ComponentDefinition] { [watchLog()] }

    func watchLog() -> Definition<WatchLog> {
        define(.lazySingleton) {
            Definition(WatchLog.init(skipper:handover:), .value(skipper), .lazy(handover()))
                .teardown { @MainActor log in log.close() }
        }
    }

    func handover() -> Definition<HandoverNote> { define { Definition(HandoverNote.init(counter:)) } }
}

/// `nonisolated`, as the docs ask: in this module a static constant is main-actor isolated, and the
/// nonisolated assemblies read it.
extension Scope {
    /// The requests of one signed-in user: `factory.reset(.requests)` when they sign out.
    nonisolated static let requests = Scope("Harbor.requests")
}
