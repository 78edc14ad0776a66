import Foundation
import Monsoon
import Testing

// The messages of the lifetime features' misuses say the fix that works (issue 47).

private final class Porter: Sendable {
    let outcome: String
    init(cart: Provider<Cart>) {
        do {
            _ = try cart()
            outcome = "built"
        } catch {
            outcome = "\(error)"
        }
    }
}

private final class Cart: Sendable {
    init(porter: Provider<Porter>) throws { _ = try porter() }
}

private final class Valet: Sendable {
    let outcome: String
    let error: ResolutionError?
    init(car: Lazy<Car>) {
        do throws(ResolutionError) {
            _ = try car()
            outcome = "built"
            error = nil
        } catch {
            outcome = "\(error)"
            self.error = error
        }
    }
}

private final class Car: Sendable {
    init(valet: Valet) {}
}

private final class BankVault: Sendable {
    init() async {}
}

private final class Teller: Sendable {
    let vault: Lazy<BankVault>
    let openVault: @Sendable () throws -> BankVault
    init(vault: Lazy<BankVault>, openVault: @escaping @Sendable () throws -> BankVault) {
        self.vault = vault
        self.openVault = openVault
    }
}

private final class Cashier: Sendable {
    let vault: BankVault
    init(vault: BankVault) { self.vault = vault }
}

private final class Counter: Sendable {
    let cashier: Lazy<Cashier>
    init(cashier: Lazy<Cashier>) { self.cashier = cashier }
}

/// A lazy of a component injecting an async singleton, which `start()` builds first.
private final class StartedBankAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [vault(), cashier(), counter()] }
    func vault() -> Definition<BankVault> { define(.singleton) { Definition(BankVault.init) } }
    func cashier() -> Definition<Cashier> { define { [self] in Definition(Cashier.init(vault:), vault()) } }
    func counter() -> Definition<Counter> { define { [self] in Definition(Counter.init(cashier:), .lazy(cashier())) } }
}

/// Injects the valet, whose initializer calls its Lazy: the cycle, one level down.
private final class Garage: Sendable {
    let valetError: ResolutionError?
    init(valet: Valet) { valetError = valet.error }
}

private final class CyclesAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [porter(), cart(), valet(), car(), garage()] }
    func garage() -> Definition<Garage> { define { [self] in Definition(Garage.init(valet:), valet()) } }
    func porter() -> Definition<Porter> { define { [self] in Definition(Porter.init(cart:), .provider(cart())) } }
    func cart() -> Definition<Cart> { define { [self] in Definition(Cart.init(porter:), .provider(porter())) } }
    func valet() -> Definition<Valet> { define { [self] in Definition(Valet.init(car:), .lazy(car())) } }
    func car() -> Definition<Car> { define { [self] in Definition(Car.init(valet:), valet()) } }
}

private final class BankAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [vault(), teller()] }
    func vault() -> Definition<BankVault> { define(.lazySingleton) { Definition(BankVault.init) } }
    func teller() -> Definition<Teller> { define { [self] in Definition(Teller.init(vault:openVault:), .lazy(vault()), .closure(vault())) } }
}

/// Settings decoded from configuration as a whole object.
private struct HarbourSettings: Decodable, Sendable {
    var apiURL: URL
    var retries: Int
    var berths: [Int]
}

private final class Harbour: Sendable {
    let settings: HarbourSettings
    init(settings: HarbourSettings) { self.settings = settings }
}

private final class HarbourAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [harbour()] }
    func harbour() -> Definition<Harbour> { define { Definition(Harbour.init(settings:), .config("harbour")) } }
}

private final class Episode: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private final class EpisodeList: Sendable {
    let first: Provider<Episode>
    init(first: Provider<Episode>) { self.first = first }
}

private final class PodcastAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [list()] }
    func list() -> Definition<EpisodeList> { define { [self] in Definition(EpisodeList.init(first:), .provider(episode(id: 1))) } }
    func episode(id: Int) -> Definition<Episode> { define(arguments: id) { Definition(Episode.init(id:), .value(id)) } }
}

@Suite struct LifetimeMessageTests {
    /// Before: "initializer cycle … Move one side of the cycle to a property or method injection".
    @Test func providersCalledInInitializersThatCloseACycleSayToCallThemLater() throws {
        let factory = try BlockComponentFactory(assemblies: [CyclesAssembly()])
        #expect(try factory.resolve(CyclesAssembly.porter).outcome == """
            Cannot resolve CyclesAssembly.porter(): initializer cycle through a Provider called in an initializer: \
            CyclesAssembly.porter()'s initializer calls its Provider of CyclesAssembly.cart(), whose build needs CyclesAssembly.porter(), \
            which does not exist until that initializer returns.
              CyclesAssembly.porter() → CyclesAssembly.cart() → CyclesAssembly.porter()
              Keep the Provider and call it after the initializer has returned (in a method, on first use), not from the initializer: \
            then CyclesAssembly.porter() exists and the cycle closes.
            """)
        #expect(try factory.resolve(CyclesAssembly.valet).outcome == """
            Cannot resolve CyclesAssembly.valet(): initializer cycle through a Lazy called in an initializer: CyclesAssembly.valet()'s \
            initializer calls its Lazy of CyclesAssembly.car(), whose build needs CyclesAssembly.valet(), which does not exist until \
            that initializer returns.
              CyclesAssembly.valet() → CyclesAssembly.car() → CyclesAssembly.valet()
              Keep the Lazy and call it after the initializer has returned (in a method, on first use), not from the initializer: then \
            CyclesAssembly.valet() exists and the cycle closes.
            """)
    }

    /// The same cycle reached from a component that injects the valet: the message is the caller's, and
    /// the path starts where the resolution did.
    @Test func aLazyCalledInANestedInitializerThatClosesACycleSaysToCallItLater() throws {
        let factory = try BlockComponentFactory(assemblies: [CyclesAssembly()])
        let error = try #require(try factory.resolve(CyclesAssembly.garage).valetError)
        #expect(error.kind == .initializerCycle)
        #expect(error.description == """
            Cannot resolve CyclesAssembly.valet(): initializer cycle through a Lazy called in an initializer: CyclesAssembly.valet()'s \
            initializer calls its Lazy of CyclesAssembly.car(), whose build needs CyclesAssembly.valet(), which does not exist until \
            that initializer returns.
              CyclesAssembly.garage() → CyclesAssembly.valet() → CyclesAssembly.car() → CyclesAssembly.valet()
              Keep the Lazy and call it after the initializer has returned (in a method, on first use), not from the initializer: then \
            CyclesAssembly.valet() exists and the cycle closes.
            """)
    }

    /// Before: "Resolve it with `try await factory.resolve(…)`", which a Lazy cannot do; validate() said nothing.
    @Test func aLazyOrClosureOfAnAsyncComponentSaysToInjectAProvider() async throws {
        let factory = try BlockComponentFactory(assemblies: [BankAssembly()])
        let teller = try await factory.resolve(BankAssembly.teller)
        let fromLazy = try #require(throws: ResolutionError.self) { try teller.vault() }
        #expect(fromLazy.kind == .asyncRequired)
        #expect(fromLazy.description == """
            Cannot resolve BankAssembly.vault(): its initializer is async, and a Lazy is called synchronously, so it cannot await it.
              Inject a Provider instead, .provider(vault()), and call it with `try await provider()`; or have it built before the first \
            call (an eager singleton, built by `try await factory.start()`).
            """)
        let fromClosure = try #require(throws: ResolutionError.self) { try teller.openVault() }
        #expect(fromClosure.description == """
            Cannot resolve BankAssembly.vault(): its initializer is async, and the closure injected with .closure(…) is called \
            synchronously, so it cannot await it.
              Inject a Provider instead, .provider(vault()), and call it with `try await provider()`; or have it built before the first \
            call (an eager singleton, built by `try await factory.start()`).
            """)
        let warnings = factory.validate().findings(.warning).map(\.message)
        #expect(warnings == [
            "BankAssembly.teller() injects a synchronous provider (a Lazy or .closure(…)) of BankAssembly.vault(), which has an async "
                + "initializer: it is called synchronously, so it cannot await it, and each call fails until something else has built it. "
                + "Inject .provider(vault()) instead and call it with `try await provider()`."
        ])
        // Once something has built the lazySingleton, the lazy returns it.
        let vault = try await factory.resolve(BankAssembly.vault)
        #expect(try teller.vault() === vault)
    }

    /// FirstApp.md: a Lazy of a component that injects an async singleton already built by `start()`
    /// works, synchronously, and validation does not warn of it.
    @Test func aLazyOfAComponentInjectingAStartedAsyncSingletonWorks() async throws {
        let factory = try BlockComponentFactory(assemblies: [StartedBankAssembly()])
        try await factory.start()
        let counter = try await factory.resolve(StartedBankAssembly.counter)
        let cashier = try counter.cashier()
        #expect(try await cashier.vault === factory.resolve(StartedBankAssembly.vault))
        #expect(factory.validate().findings(.warning).isEmpty)
    }

    /// Before: "… is an object, which cannot be converted to HarbourSettings", naming no field.
    @Test(arguments: [
        (#"{"harbour": {"apiURL": "https://tides.example", "berths": [1]}}"#, #""harbour.retries" is missing"#),
        (#"{"harbour": {"apiURL": "https://tides.example", "retries": "three", "berths": [1]}}"#,
         #""harbour.retries" holds a string ("three"), where Int is expected"#),
        (#"{"harbour": {"apiURL": "https://tides.example", "retries": 3, "berths": [1, "two"]}}"#,
         #""harbour.berths[1]" holds a string ("two"), where Int is expected"#),
    ])
    func aConfigurationObjectThatDoesNotDecodeNamesTheFieldAndWhatItHolds(json: String, problem: String) throws {
        let configuration = try Configuration(json: Data(json.utf8), name: "harbour.json")
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [HarbourAssembly()], configuration: configuration)
        }
        #expect(error.description == """
            Cannot activate the factory: HarbourAssembly.harbour() injects configuration: Configuration key "harbour" in harbour.json is \
            an object, which cannot be converted to HarbourSettings: \(problem).
            """)
    }

    /// Before: "no definition declares this type … similar names", not the method that declares it.
    @Test func aTypeOnlyAParameterizedDefinitionDeclaresNamesThatMethod() throws {
        let factory = try BlockComponentFactory(assemblies: [PodcastAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(Episode.self) }
        #expect(error.description == """
            Cannot resolve Episode: no definition declares this type.
              PodcastAssembly.episode(id:) declares it and takes runtime arguments, which a lookup by type cannot pass. Resolve it with \
            its arguments: factory.resolve(PodcastAssembly.episode(id:), …).
            """)
    }
}
