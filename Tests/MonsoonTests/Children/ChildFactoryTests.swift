import Dispatch
import Foundation
import Monsoon
import Synchronization
import Testing

private final class ShopUser: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private final class ApiClient: Sendable {
    init(log: BuildLog) { log.record("init ApiClient") }
}

private final class AuthToken: Sendable {
    let user: ShopUser
    init(user: ShopUser, log: BuildLog) {
        self.user = user
        log.record("init AuthToken \(user.name)")
    }
}

private final class Cart: Sendable {
    let user: ShopUser
    let token: AuthToken
    let api: ApiClient
    init(user: ShopUser, token: AuthToken, api: ApiClient) {
        self.user = user
        self.token = token
        self.api = api
    }
}

/// A component of the app that injects, by type, what only a session declares.
private final class Analytics: Sendable {
    init(cart: Cart) {}
}

private final class Catalogue: Sendable {}
private final class ExchangeRates: Sendable {}
private final class Quote: Sendable {
    let rates: ExchangeRates
    init(rates: ExchangeRates) { self.rates = rates }
}
private final class Receipt: Sendable {}
private final class Closer: Sendable {}
private final class Leaflet: Sendable {}

@MainActor
private final class CartBadge {
    var isShown = true
    init() {}
}

private class ShopAppAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }
    override var definitions: [any ComponentDefinition] { [api(), catalogue(), quote()] }
    func quote() -> Definition<Quote> { define(.prototype) { [self] in Definition(Quote.init(rates:), rates()) } }
    func api() -> Definition<ApiClient> {
        define(.lazySingleton) { [log] in Definition(ApiClient.init(log:), .value(log)).teardown { _ in log.record("teardown ApiClient") } }
    }
    /// Listed by no assembly: registered when first reached, in the parent as in a child.
    func rates() -> Definition<ExchangeRates> { define(.lazySingleton) { Definition(ExchangeRates.init) } }
    /// A prototype of the app: a child builds it in its own graph.
    func catalogue() -> Definition<Catalogue> { define(.prototype) { Definition(Catalogue.init) } }
}

/// The app's assembly with a singleton that would capture the session's cart.
private final class CapturingAppAssembly: ShopAppAssembly {
    override var definitions: [any ComponentDefinition] { super.definitions + [analytics()] }
    func analytics() -> Definition<Analytics> { define(.lazySingleton) { Definition(Analytics.init(cart:), .byType()) } }
}

private final class ShopSessionAssembly: Assembly {
    let user: ShopUser
    let log: BuildLog
    let app: ShopAppAssembly
    init(user: ShopUser, app: ShopAppAssembly) {
        self.user = user
        self.log = app.log
        self.app = app
    }
    override var definitions: [any ComponentDefinition] { [token(), cart(), badge(), receipt()] }
    func token() -> Definition<AuthToken> {
        define(.lazySingleton) { [user, log] in
            Definition(AuthToken.init(user:log:), .value(user), .value(log)).teardown { token in log.record("teardown AuthToken \(token.user.name)") }
        }
    }
    func cart() -> Definition<Cart> {
        define(.lazySingleton) { [self, user, log] in
            Definition(Cart.init(user:token:api:), .value(user), token(), app.api()).teardown { cart in log.record("teardown Cart \(cart.user.name)") }
        }
    }
    func badge() -> Definition<CartBadge> {
        define(.lazySingleton) { [log] in
            Definition { @MainActor in CartBadge() }.teardown { @MainActor badge in
                badge.isShown = false
                log.record("teardown CartBadge")
            }
        }
    }
    /// Never pooled: its teardown never runs.
    func receipt() -> Definition<Receipt> { define(.prototype) { [log] in Definition(Receipt.init).teardown { _ in log.record("teardown receipt") } } }
}

/// A session whose component closes the session from inside its build.
private final class SelfClosingAssembly: Assembly {
    let child = Locked<BlockComponentFactory?>(nil)
    let outcome = Locked<String>("")
    override var definitions: [any ComponentDefinition] { [closer()] }
    func closer() -> Definition<Closer> {
        define(.prototype) { [child, outcome] in
            Definition { () async -> Closer in
                do throws(CloseError) {
                    try await child.withLock { $0 }?.close()
                    outcome.withLock { $0 = "closed" }
                } catch {
                    outcome.withLock { $0 = "\(error.kind): \(error)" }
                }
                return Closer()
            }
        }
    }
}

/// Opened by an `async` initializer: built by `start()`.
private final class BankVault: Sendable {
    init() async { await Task.yield() }
}

private final class BankTeller: Sendable {
    let vault: BankVault
    init(vault: BankVault) { self.vault = vault }
}

private final class BankAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [vault()] }
    func vault() -> Definition<BankVault> { define(.singleton) { Definition(BankVault.init) } }
}

private final class CounterAssembly: Assembly {
    let bank: BankAssembly
    init(bank: BankAssembly) { self.bank = bank }
    override var definitions: [any ComponentDefinition] { [teller()] }
    func teller() -> Definition<BankTeller> { define(.lazySingleton) { [self] in Definition(BankTeller.init(vault:), bank.vault()) } }
}

/// The synchronous `resolve`, from async code (where the compiler picks the awaited overload).
private func resolveSynchronously(_ factory: BlockComponentFactory) throws(ResolutionError) -> BankTeller {
    try factory.resolve(CounterAssembly.teller)
}

@Suite struct ChildFactoryTests {
    /// The parent's async singleton, built by the parent's `start()`, counts as built for the child's
    /// synchronous resolutions.
    @Test func aChildResolvesSynchronouslyWhatReachesTheParentsStartedSingleton() async throws {
        let bank = BankAssembly()
        let parent = try BlockComponentFactory(assemblies: [bank])
        try await parent.start()
        let child = try parent.child(CounterAssembly(bank: bank))
        let teller = try resolveSynchronously(child)
        #expect(try await teller.vault === parent.resolve(BankAssembly.vault))
    }

    @Test func aChildSharesItsParentsSharedComponentsAndKeepsItsOwn() throws {
        let log = BuildLog()
        let app = ShopAppAssembly(log: log)
        let parent = try BlockComponentFactory(assemblies: [app])
        let alice = try parent.child(ShopSessionAssembly(user: ShopUser(name: "alice"), app: app))
        let bob = try parent.child(ShopSessionAssembly(user: ShopUser(name: "bob"), app: app))

        let aliceCart = try alice.resolve(ShopSessionAssembly.cart)
        let bobCart = try bob.resolve(ShopSessionAssembly.cart)
        // The app's lazySingleton, first built for a child, is the parent's: built once, for all.
        #expect(aliceCart.api === bobCart.api)
        #expect(try parent.resolve(ShopAppAssembly.api) === aliceCart.api)
        #expect(log.count("init ApiClient") == 1)
        // Each child pools its own: one cart and one token per session, with its runtime value.
        #expect(aliceCart !== bobCart)
        #expect(try alice.resolve(ShopSessionAssembly.cart) === aliceCart)
        #expect(aliceCart.user.name == "alice" && bobCart.token.user.name == "bob")
        #expect(aliceCart.token === (try alice.resolve(AuthToken.self)))
        // A prototype of the parent's is built by the child as a prototype.
        #expect(try alice.resolve(ShopAppAssembly.catalogue) !== (try alice.resolve(ShopAppAssembly.catalogue)))
        // A shared definition of the parent that no assembly lists is the parent's too, whoever asks first.
        let rates = try alice.resolve(ShopAppAssembly.quote).rates
        #expect(try parent.resolve(ShopAppAssembly.quote).rates === rates)
        #expect(try bob.resolve(ShopAppAssembly.quote).rates === rates)
        // The parent never sees a child's definitions.
        #expect(throws: ResolutionError.self) { try parent.resolve(AuthToken.self) }
    }

    @Test func closingTearsDownNewestFirstOnTheComponentsActorAndReleasesEverything() async throws {
        let log = BuildLog()
        let app = ShopAppAssembly(log: log)
        let parent = try BlockComponentFactory(assemblies: [app])
        let session = try parent.child(ShopSessionAssembly(user: ShopUser(name: "carol"), app: app))
        weak var cart: Cart?
        weak var token: AuthToken?
        weak var badge: CartBadge?
        do {
            let built = try await session.resolve(ShopSessionAssembly.cart)
            cart = built
            token = built.token
            _ = try await session.resolve(ShopSessionAssembly.receipt)
            badge = try await session.resolve(ShopSessionAssembly.badge)
        }
        try await session.close()

        #expect(log.events.filter { $0.hasPrefix("teardown") } == [
            "teardown CartBadge", "teardown Cart carol", "teardown AuthToken carol",
        ])
        #expect(cart == nil && token == nil && badge == nil)
        // The parent's lazySingleton is the parent's: not torn down, still pooled.
        let api = try await parent.resolve(ShopAppAssembly.api)
        #expect(try await parent.resolve(ShopAppAssembly.api) === api)
        #expect(log.count("init ApiClient") == 1)

        let late = try await #require(throws: ResolutionError.self) { try await session.resolve(ShopSessionAssembly.cart) }
        #expect(late.kind == .factoryClosed)
        #expect(late.description == """
            Cannot resolve ShopSessionAssembly.cart() from this child factory: this child was closed (close()), and its pools were emptied.
              Resolve from a child that is open: make a new one with parent.child(…) for the next session, or resolve the parent's components from the parent.
            """)
        #expect(late.path == ["ShopSessionAssembly.cart()"])
        await #expect(throws: ResolutionError.self) { try await session.resolve(ShopSessionAssembly.badge) }
        // A second close waits for nothing and tears nothing down again.
        try await session.close()
        #expect(log.count("teardown Cart carol") == 1)
    }

    @Test func onlyAChildCloses() async throws {
        let factory = try BlockComponentFactory(assemblies: [ShopAppAssembly(log: BuildLog())])
        let refused = await #expect(throws: CloseError.self) { try await factory.close() }
        #expect(refused?.kind == .notAChild)
        #expect(refused?.description.hasPrefix("Cannot close the factory: it is no child factory;") == true)

        let closing = SelfClosingAssembly()
        let parent = try BlockComponentFactory(assemblies: [ShopAppAssembly(log: BuildLog())])
        let child = try parent.child(closing)
        closing.child.withLock { $0 = child }
        _ = try await child.resolve(SelfClosingAssembly.closer)
        #expect(closing.outcome.withLock { $0 }.hasPrefix(
            "closeDuringResolution: Cannot close the factory: it was called while a component was being built, and closing waits"))
        // Still open: the refused close changed nothing.
        _ = try await child.resolve(SelfClosingAssembly.closer)
    }

    @Test func aParentSingletonThatWouldHoldAChildsComponentFailsTheChild() throws {
        let app = CapturingAppAssembly(log: BuildLog())
        let parent = try BlockComponentFactory(assemblies: [app])
        let error = try #require(throws: ActivationError.self) {
            try parent.child(ShopSessionAssembly(user: ShopUser(name: "dave"), app: app))
        }
        let finding = try #require(error.problems.first { $0.kind == .childComponentCaptured })
        #expect(finding.description.contains(
            "CapturingAppAssembly.analytics() (lazySingleton) is the parent factory's, and would hold ShopSessionAssembly.cart(), "
                + "this child's own component, past the child's close: CapturingAppAssembly.analytics() → ShopSessionAssembly.cart()."))
    }

    @Test func aChildDeclaringAParentsTypeAgainFails() throws {
        let app = ShopAppAssembly(log: BuildLog())
        let parent = try BlockComponentFactory(assemblies: [app, ShopSessionAssembly(user: ShopUser(name: "erin"), app: app)])
        final class SecondTokenAssembly: Assembly {
            let log = BuildLog()
            override var definitions: [any ComponentDefinition] { [token(), alarm()] }
            func token() -> Definition<AuthToken> { define { Definition { AuthToken(user: ShopUser(name: "x"), log: BuildLog()) } } }
            /// An eager singleton: a child that is refused must not have built it.
            func alarm() -> Definition<Closer> {
                define(.singleton) { [log] in
                    Definition { () -> Closer in
                        log.record("built alarm")
                        return Closer()
                    }
                }
            }
        }
        let second = SecondTokenAssembly()
        let error = try #require(throws: ActivationError.self) { try parent.child(second) }
        #expect(second.log.count("built alarm") == 0)
        let finding = try #require(error.problems.first)
        #expect(finding.kind == .ambiguousType)
        #expect(finding.description.contains(
            "SecondTokenAssembly, given to child(_:), declares AuthToken, which the parent's definitions declare too: "
                + "ShopSessionAssembly.token() and SecondTokenAssembly.token() declare it"))
    }

    @Test func aProviderOfAClosedChildThrows() async throws {
        let parent = try BlockComponentFactory(assemblies: [ShopAppAssembly(log: BuildLog())])
        let child = try parent.child(ProvidingAssembly())
        let holder = try await child.resolve(ProvidingAssembly.holder)
        _ = try callSynchronously(holder.make)
        try await child.close()
        #expect { try callSynchronously(holder.make) } throws: { ($0 as? ResolutionError)?.kind == .factoryClosed }
        await #expect { try await holder.make() } throws: { ($0 as? ResolutionError)?.kind == .factoryClosed }
    }

    /// Log in, use, log out, a thousand times: after each close every session component is gone, and
    /// so is the session itself with everything it pooled; each teardown ran once, newest first.
    @Test func loggingInAndOutAThousandTimesLeavesNothingBehind() async throws {
        let log = BuildLog()
        let app = ShopAppAssembly(log: log)
        let parent = try BlockComponentFactory(assemblies: [app])
        var leftBehind = 0
        for round in 1...1_000 {
            weak var cart: Cart?
            weak var token: AuthToken?
            weak var released: BlockComponentFactory?
            do {
                let session = try parent.child(ShopSessionAssembly(user: ShopUser(name: "user\(round)"), app: app))
                released = session
                let built = try await session.resolve(ShopSessionAssembly.cart)
                cart = built
                token = built.token
                try await session.close()
            }
            if cart != nil || token != nil || released != nil { leftBehind += 1 }
        }
        #expect(leftBehind == 0)
        let teardowns = log.events.filter { $0.hasPrefix("teardown") }
        #expect(teardowns.count == 2_000)
        #expect(teardowns.prefix(2) == ["teardown Cart user1", "teardown AuthToken user1"])
        #expect(teardowns.suffix(2) == ["teardown Cart user1000", "teardown AuthToken user1000"])
        #expect(log.count("init ApiClient") == 1)
    }

    /// Eight threads resolve from a session while another closes it: nothing crashes, a resolution
    /// begun after `close` returned never gets a component, late callers get `factoryClosed`, and the
    /// one cart built was torn down once.
    @Test func closingWhileEightThreadsResolve() async throws {
        let log = BuildLog()
        let app = ShopAppAssembly(log: log)
        let parent = try BlockComponentFactory(assemblies: [app])
        let session = try parent.child(ShopSessionAssembly(user: ShopUser(name: "frank"), app: app))
        let closed = Atomic<Bool>(false)
        let handedOutAfterClose = Atomic<Int>(0)
        let otherErrors = Atomic<Int>(0)
        let refused = Atomic<Int>(0)
        let group = DispatchGroup()
        let started = Atomic<Int>(0)
        // Threads of their own: eight busy blocks could take every worker of the global queue.
        for _ in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                started.add(1, ordering: .releasing)
                // Until this thread is refused (bounded, so that a broken close fails instead of hanging).
                for _ in 0..<2_000_000 {
                    let wasClosed = closed.load(ordering: .acquiring)
                    do {
                        _ = try session.resolve(ShopSessionAssembly.cart)
                        if wasClosed { handedOutAfterClose.add(1, ordering: .relaxed) }
                    } catch let error as ResolutionError where error.kind == .factoryClosed {
                        refused.add(1, ordering: .relaxed)
                        return
                    } catch {
                        otherErrors.add(1, ordering: .relaxed)
                    }
                }
            }.start()
        }
        while started.load(ordering: .acquiring) < 8 { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(5))
        try await session.close()
        closed.store(true, ordering: .releasing)
        await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
        #expect(handedOutAfterClose.load(ordering: .relaxed) == 0)
        #expect(otherErrors.load(ordering: .relaxed) == 0)
        #expect(refused.load(ordering: .relaxed) == 8)
        #expect(log.count("teardown Cart frank") == 1)
        #expect(log.count("teardown AuthToken frank") == 1)
    }

    /// Swinject's meaning (`testResetObjectScopeCallsParentContainer`): a child's reset empties the scope
    /// in the parent too, so the child never resolves a component of it from before its reset; a
    /// parent's reset leaves the child's own pools alone.
    @Test func aChildsResetEmptiesTheScopeInItsParentTooAndAParentsResetLeavesTheChildsOwn() throws {
        let parent = try BlockComponentFactory(assemblies: [StockAssembly()])
        let child = try parent.child(ShelfAssembly())
        let stock = try child.resolve(StockAssembly.stock)
        let shelf = try child.resolve(ShelfAssembly.shelf)
        #expect(try parent.resolve(StockAssembly.stock) === stock)

        try child.reset(.childTestStock)
        #expect(try child.resolve(ShelfAssembly.shelf) !== shelf)
        let restocked = try child.resolve(StockAssembly.stock)
        #expect(restocked !== stock)
        #expect(try parent.resolve(StockAssembly.stock) === restocked)

        let newShelf = try child.resolve(ShelfAssembly.shelf)
        try parent.reset(.childTestStock)
        #expect(try child.resolve(ShelfAssembly.shelf) === newShelf)
        let again = try child.resolve(StockAssembly.stock)
        #expect(again !== restocked)
        #expect(try parent.resolve(StockAssembly.stock) === again)
    }
}

private final class StockAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [stock()] }
    func stock() -> Definition<BuildLog> { define(.childTestStock) { Definition(BuildLog.init) } }
}

private final class ShelfAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [shelf()] }
    func shelf() -> Definition<ApiClient> { define(.childTestStock) { Definition(ApiClient.init(log:), .value(BuildLog())) } }
}

/// The synchronous call, from async code (where the compiler picks the awaited one).
private func callSynchronously(_ provider: Provider<Leaflet>) throws(ResolutionError) -> Leaflet {
    try provider()
}

private final class ProvidedThing: Sendable {
    let make: Provider<Leaflet>
    init(make: Provider<Leaflet>) { self.make = make }
}

private final class ProvidingAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [log(), holder()] }
    func log() -> Definition<Leaflet> { define(.prototype) { Definition(Leaflet.init) } }
    func holder() -> Definition<ProvidedThing> { define { Definition(ProvidedThing.init(make:), .provider(log())) } }
}

extension Scope {
    fileprivate static let childTestStock = Scope("childTestStock")
}
