import Foundation
import Monsoon
import MonsoonMediator
import MonsoonRouter

// The four assemblies. Each is `nonisolated`, the one annotation Swift requires here: an assembly
// overrides members of Monsoon's `Assembly`, which any thread reads, and a subclass in this module would
// otherwise be main-actor isolated.

/// Configuration-driven infrastructure.
nonisolated open class CoreAssembly: Assembly, ManifestLoadable {
    public required override init() {}

    // Lists every definition: tests replace this assembly with a subclass, and definitions are found
    // through a replaced assembly only when it lists them.
    override open var definitions: [any ComponentDefinition] { [client(), database(), counter()] }

    func client() -> Definition<TideClient> {
        // Deferred: registered at activation, its body run when first needed (here, off the main actor).
        define(.lazySingleton) { Definition(TideClient.init(baseURL:retries:), .config("api.url"), .config("api.retries")) }
    }

    func database() -> Definition<TideDatabase> {
        define(.singleton) { Definition(TideDatabase.open(path:), .config("database.path")) }
    }

    func counter() -> Definition<RequestCounter> { define { Definition(RequestCounter.init).scope(.lazySingleton) } }
}

/// Services, built off the main actor.
nonisolated final class ServiceAssembly: Assembly {
    let core = CoreAssembly()

    override var definitions: [any ComponentDefinition] { [service(), session()] }

    func service() -> Definition<TideService> {
        define(.lazySingleton) { [self] in Definition(TideService.init(client:database:), core.client(), core.database()) }
    }

    func session() -> Definition<Session> { define { Definition(Session.init).inject(\.authenticator, authenticator()) } }

    func authenticator() -> Definition<Authenticator> {
        define { Definition(Authenticator.init(counter:), core.counter()).inject(\.session, session()) }
    }

    func report(harbor: String) -> Definition<HarborReport> {
        define(arguments: harbor) { [self] in Definition(HarborReport.init(harbor:service:), .value(harbor), service()) }
    }
}

/// The screens: main-actor view models, defined exactly like any other component.
nonisolated final class PresentationAssembly: Assembly, ManifestLoadable {
    let services = ServiceAssembly()
    let core = CoreAssembly()

    // The formatter is reached only from a parameterized definition, whose body runs when resolved: listed.
    override var definitions: [any ComponentDefinition] { [coordinator(), settings(), formatter()] }

    func formatter() -> Definition<HeightFormatter> {
        define { Definition(HeightFormatter.init).inject(\.units, .config("display.units")) }
    }

    func cache() -> Definition<ReportCache> {
        define { Definition(ReportCache.init(database:), core.database()).inject(\.capacity, 50).scope(.lazySingleton) }
    }

    func harbor(named name: String) -> Definition<HarborViewModel> {
        define(arguments: name) { [self] in
            Definition(HarborViewModel.init(harbor:service:formatter:), .value(name), services.service(), formatter())
                .afterInjections { @MainActor model in model.load() }
        }
    }

    func settings() -> Definition<SettingsViewModel> {
        // A main-actor view model, deferred like any other: its body only describes it.
        define(.lazySingleton) { [self] in
            Definition(SettingsViewModel.init)
                .inject(\.title, "Settings")
                .injectMethod(SettingsViewModel.attach(_:), core.counter())
        }
    }

    func root() -> Definition<RootViewModel> {
        define { Definition(RootViewModel.init(settings:), settings()).inject(\.coordinator, coordinator()) }
    }

    func coordinator() -> Definition<AppCoordinator> {
        define {
            Definition(AppCoordinator.init(cache:), cache())
                .inject(\.root, root())
                .afterInjections { @MainActor coordinator in coordinator.start() }
                .scope(.lazySingleton)
        }
    }
}

/// Navigation between features, through MonsoonRouter and MonsoonMediator.
nonisolated final class NavigationAssembly: Assembly, ManifestLoadable {
    let services = ServiceAssembly()

    override var definitions: [any ComponentDefinition] { [reports()] }

    func reports() -> Definition<ReportsTarget> { define { Definition(ReportsTarget.init(services:), .factory()) } }
}

/// Mediator actions of the reports feature. Nonisolated: the mediator calls it from any thread.
nonisolated final class ReportsTarget: MediatorTarget, Sendable {
    static let targetName = "Reports"
    static var actions: [MediatorAction<ReportsTarget>] {
        [MediatorAction("highWater") { target, parameters in
            try target.factory.get().resolve(ServiceAssembly.report(harbor:), try parameters.value("harbor", as: String.self)).highWater
        }]
    }

    let factory: FactoryReference
    init(services factory: FactoryReference) { self.factory = factory }
}
