import Dispatch
import Foundation
import Monsoon
import Synchronization
import Testing

// Sessions and children used as app code uses them, and misused: each test failed (or was silent)
// before issue 47.

private final class Logbook: Sendable {}

private final class Basket: Sendable {
    let logbook: Logbook
    init(logbook: Logbook) { self.logbook = logbook }
}

private final class Checkout: Sendable {
    let basket: Lazy<Basket>
    let makeBasket: Provider<Basket>
    init(basket: Lazy<Basket>, makeBasket: Provider<Basket>) {
        self.basket = basket
        self.makeBasket = makeBasket
    }
}

private final class Gift: Sendable {
    let logbook: Logbook
    init(logbook: Logbook) { self.logbook = logbook }
}

private final class Till: Sendable {
    init() {}
}

/// The app's core, made again by the session assemblies that refer to it (as FirstApp.md teaches).
private class ShopCoreAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [logbook(), till()] }
    func logbook() -> Definition<Logbook> { define(.lazySingleton) { Definition(Logbook.init) } }
    func till() -> Definition<Till> { define(.prototype) { Definition(Till.init) } }
}

/// A session that makes its own collaborator and refers to the parent's definitions through it.
private final class ShopSessionAssembly: Assembly {
    let core = ShopCoreAssembly()
    override var definitions: [any ComponentDefinition] { [basket(), checkout()] }
    func basket() -> Definition<Basket> { define(.lazySingleton) { [self] in Definition(Basket.init(logbook:), core.logbook()) } }
    func checkout() -> Definition<Checkout> {
        define { [self] in Definition(Checkout.init(basket:makeBasket:), .lazy(basket()), .provider(basket())) }
    }
}

/// The app's assemblies share a base class, as an app's often do.
private class AppAssemblyBase: Assembly {}

private final class AccountBook: Sendable {}

private final class AccountsAssembly: AppAssemblyBase {
    override var definitions: [any ComponentDefinition] { [accountBook()] }
    func accountBook() -> Definition<AccountBook> { define(.lazySingleton) { Definition(AccountBook.init) } }
}

private final class Wallet: Sendable {
    let book: AccountBook
    init(book: AccountBook) { self.book = book }
}

/// A session's assembly of the same base as the app's.
private final class WalletSessionAssembly: AppAssemblyBase {
    let accounts = AccountsAssembly()
    override var definitions: [any ComponentDefinition] { [wallet()] }
    func wallet() -> Definition<Wallet> { define(.lazySingleton) { [self] in Definition(Wallet.init(book:), accounts.accountBook()) } }
}

/// A main-actor session component whose teardown resolves from the closing session.
@MainActor private final class Receptionist {
    var lastWords = ""
}

private final class ReceptionAssembly: Assembly {
    let session = Locked<BlockComponentFactory?>(nil)
    let words = Locked<String>("")
    override var definitions: [any ComponentDefinition] { [receptionist(), basket()] }
    func basket() -> Definition<Basket> { define(.lazySingleton) { Definition(Basket.init(logbook:), .value(Logbook())) } }
    func receptionist() -> Definition<Receptionist> {
        define(.lazySingleton) { [session, words] in
            Definition { @MainActor in Receptionist() }.teardown { @MainActor _ in
                let session = session.withLock { $0 }
                do {
                    _ = try session?.resolve(ReceptionAssembly.basket)
                } catch {
                    words.withLock { $0 = "\(error)" }
                }
            }
        }
    }
}

/// A fake of the app's core, made by a session assembly itself.
private final class FakeShopCoreAssembly: ShopCoreAssembly {
    override func logbook() -> Definition<Logbook> { define(.prototype) { Definition(Logbook.init) } }
}

private final class FakeHoldingSessionAssembly: Assembly {
    let core = FakeShopCoreAssembly()
    override var definitions: [any ComponentDefinition] { [basket()] }
    func basket() -> Definition<Basket> { define(.lazySingleton) { [self] in Definition(Basket.init(logbook:), core.logbook()) } }
}

/// A session that lists the parent's definition, through its own collaborator, as if it were its own.
private final class LeakySessionAssembly: Assembly {
    let core = ShopCoreAssembly()
    override var definitions: [any ComponentDefinition] { [core.logbook(), basket()] }
    func basket() -> Definition<Basket> { define(.lazySingleton) { [self] in Definition(Basket.init(logbook:), core.logbook()) } }
}

/// A sub-session's assembly: a gift of its own.
private final class GiftSessionAssembly: Assembly {
    let core = ShopCoreAssembly()
    override var definitions: [any ComponentDefinition] { [gift()] }
    func gift() -> Definition<Gift> { define(.lazySingleton) { [self] in Definition(Gift.init(logbook:), core.logbook()) } }
}

/// A session whose basket's hook closes the session from a task, and waits for that task.
private final class ClosingFromAHookAssembly: Assembly {
    let session = Locked<BlockComponentFactory?>(nil)
    let outcome = Locked<String>("")
    let core = ShopCoreAssembly()
    override var definitions: [any ComponentDefinition] { [basket()] }
    func basket() -> Definition<Basket> {
        define(.lazySingleton) { [self, session, outcome] in
            Definition(Basket.init(logbook:), core.logbook()).afterInjections { _ in
                guard let factory = session.withLock({ $0 }) else { return }
                let done = DispatchSemaphore(value: 0)
                Task {
                    do throws(CloseError) {
                        try await factory.close()
                        outcome.withLock { $0 = "closed" }
                    } catch {
                        outcome.withLock { $0 = "\(error.kind)\n\(error)" }
                    }
                    done.signal()
                }
                _ = done.wait(timeout: .now() + 60)
            }
        }
    }
}

/// An app whose definitions hold a latent initializer cycle, which only validation finds.
private final class CyclingCoreAssembly: Assembly {
    final class Hen: Sendable { init(egg: Egg) {} }
    final class Egg: Sendable { init(hen: Hen) {} }
    override var definitions: [any ComponentDefinition] { [hen(), egg()] }
    func hen() -> Definition<Hen> { define(.prototype) { [self] in Definition(Hen.init(egg:), egg()) } }
    func egg() -> Definition<Egg> { define(.prototype) { [self] in Definition(Egg.init(hen:), hen()) } }
}

private final class Receipt: Sendable {}

/// The synchronous call, from async code (where the compiler picks the awaited one).
private func callSynchronously(_ provider: Provider<Basket>) throws(ResolutionError) -> Basket {
    try provider()
}

private final class ReceiptAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [receipt()] }
    func receipt() -> Definition<Receipt> { define { Definition(Receipt.init) } }
}

@Suite struct SessionMisuseTests {
    /// Before: the listed definition was keyed LeakySessionAssembly.logbook() and activation failed over a
    /// shared definition site, or replaced the parent's for the parent's own definitions.
    @Test func aSessionListingTheParentsDefinitionThroughItsOwnCollaboratorIsRefusedWithBothKeys() throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let error = try #require(throws: ActivationError.self) { try parent.child(LeakySessionAssembly()) }
        #expect(error.problems.map(\.kind) == [.ambiguousType])
        #expect(error.description == """
            Cannot activate the factory: LeakySessionAssembly, given to child(_:), lists ShopCoreAssembly.logbook(), a definition of the \
            parent's ShopCoreAssembly: listed by the child, it would be registered again as LeakySessionAssembly.logbook(), a second \
            ShopCoreAssembly.logbook() in the child. A child reaches the parent's definitions through the parent: remove it from \
            LeakySessionAssembly's definitions, and its references still reach the parent's ShopCoreAssembly.logbook(). For one per \
            session, declare a method of LeakySessionAssembly that defines it.
            """)
        // The parent is untouched: its logbook is still its own.
        #expect(try parent.resolve(ShopCoreAssembly.logbook) === parent.resolve(Logbook.self))
    }

    /// A session may make its own collaborators: what it refers to through them is the parent's.
    @Test func aSessionsOwnCollaboratorReachesTheParentsDefinitions() throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let session = try parent.child(ShopSessionAssembly())
        let basket = try session.resolve(ShopSessionAssembly.basket)
        #expect(try basket.logbook === parent.resolve(ShopCoreAssembly.logbook))
        #expect(try session.resolve(ShopCoreAssembly.logbook) === basket.logbook)
    }

    /// Before: "references logbook() …, which no activated assembly lists. List logbook() in
    /// FakeShopCoreAssembly's `override var definitions`", a fix that cannot work.
    @Test func aSessionHoldingAFakeOfTheParentsAssemblyIsToldToGiveTheFakeToTheParent() throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let error = try #require(throws: ActivationError.self) { try parent.child(FakeHoldingSessionAssembly()) }
        #expect(error.problems.map(\.kind) == [.replacesNothing])
        #expect(error.description == """
            Cannot activate the factory: FakeHoldingSessionAssembly, given to child(_:), holds FakeShopCoreAssembly, a subclass of the \
            parent's ShopCoreAssembly: a child cannot replace its parent's assemblies, so references through FakeShopCoreAssembly would \
            reach definitions neither factory has. Give the fake to the parent instead (BlockComponentFactory.forTesting(…, replacing: \
            [FakeShopCoreAssembly()]) or parent.with(FakeShopCoreAssembly())), and hold a ShopCoreAssembly in FakeHoldingSessionAssembly \
            to refer to the parent's definitions.
            """)
        // Given to the parent, the fake is what the session's references reach: its logbook is a prototype.
        let faked = try BlockComponentFactory(assemblies: [FakeShopCoreAssembly()])
        let session = try faked.child(ShopSessionAssembly())
        let basket = try session.resolve(ShopSessionAssembly.basket)
        #expect(try basket.logbook !== faked.resolve(ShopCoreAssembly.logbook))
        #expect(try faked.resolve(ShopCoreAssembly.logbook) !== faked.resolve(ShopCoreAssembly.logbook))
    }

    /// Assemblies that only share a base class are not related: a session's is its own.
    @Test func aSessionAssemblyOfTheAppsBaseClassIsTheSessionsOwn() throws {
        let parent = try BlockComponentFactory(assemblies: [AccountsAssembly()])
        let session = try parent.child(WalletSessionAssembly())
        #expect(try session.resolve(WalletSessionAssembly.wallet).book === parent.resolve(AccountsAssembly.accountBook))
    }

    @Test func aChildGivenAnAssemblyOfTheParentSaysTheChildSeesItAlready() throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let error = try #require(throws: ActivationError.self) { try parent.child(ShopCoreAssembly()) }
        #expect(error.problems.map(\.kind) == [.duplicateAssembly])
        #expect(error.description == """
            Cannot activate the factory: ShopCoreAssembly was given to child(_:), but the parent factory has ShopCoreAssembly already: \
            a child sees the parent's definitions without being given its assemblies. Give child(_:) only the session's own assemblies \
            (they may hold the parent's, as `let core = ShopCoreAssembly()`, to refer to its definitions); to replace ShopCoreAssembly, \
            derive a factory with parent.with(ShopCoreAssembly()).
            """)
    }

    @Test func aChildFailingOverTheParentsLatentErrorSaysItIsTheParents() throws {
        let parent = try BlockComponentFactory(assemblies: [CyclingCoreAssembly()])
        let error = try #require(throws: ActivationError.self) { try parent.child(ReceiptAssembly()) }
        #expect(error.problems.map(\.kind) == [.initializerCycle])
        #expect(error.description == """
            Cannot activate the factory: In the parent factory's definitions (the parent did not validate when it was activated, and \
            child(_:) validates every definition the child sees): initializer cycle CyclingCoreAssembly.hen() → CyclingCoreAssembly.egg() \
            → CyclingCoreAssembly.hen(). Move one side to a property or method injection. Fix it in the parent's assemblies; \
            parent.validate() lists each such error.
            """)
    }

    @Test func aChildOfAClosedSessionIsRefusedAtOnce() async throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let session = try parent.child(ShopSessionAssembly())
        try await session.close()
        let error = try #require(throws: ActivationError.self) { try session.child(GiftSessionAssembly()) }
        #expect(error.problems.map(\.kind) == [.factoryClosed])
        #expect(error.description == """
            Cannot activate the factory: child(_:) was called on a child that was closed (close()), whose pools were emptied, so every \
            resolution through the new child would fail. Make the child from an open factory: the session that replaced the closed \
            one, or the app's factory.
            """)
    }

    @Test func aSubSessionOfAClosedSessionSaysItsParentWasClosed() async throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let session = try parent.child(ShopSessionAssembly())
        let gifts = try session.child(GiftSessionAssembly())
        let gift = try await gifts.resolve(GiftSessionAssembly.gift)
        try await session.close()
        let error = try await #require(throws: ResolutionError.self) { try await gifts.resolve(GiftSessionAssembly.gift) }
        #expect(error.kind == .factoryClosed)
        #expect(error.path == ["GiftSessionAssembly.gift()"])
        #expect(error.description == """
            Cannot resolve GiftSessionAssembly.gift() from this child factory: a factory it was made from (a session it is a \
            sub-session of) was closed, and this child reaches its components through it.
              Close a sub-session before the session it belongs to, or with it; after a session's close(), make its sub-sessions \
            again from the session that replaces it.
            """)
        let refused = try #require(throws: ActivationError.self) { try gifts.child(ReceiptAssembly()) }
        #expect(refused.description == """
            Cannot activate the factory: child(_:) was called on a child made from a factory that was closed (close()), whose \
            components it reaches through it, so every resolution through the new child would fail. Make the child from an open \
            factory: the session that replaced the closed one, or the app's factory.
            """)
        // The sub-session's own close still tears down what it pooled.
        try await gifts.close()
        withExtendedLifetime(gift) {}
    }

    /// Testing.md: "no double outlives its patch", for a session's shared component too.
    @Test func aSessionComponentBuiltWhileTheParentWasPatchedIsNotPooled() throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let session = try parent.child(ShopSessionAssembly())
        let fake = Logbook()
        let patch = try parent.patch(ShopCoreAssembly.logbook) { fake }
        let patched = try session.resolve(ShopSessionAssembly.basket)
        #expect(patched.logbook === fake)
        patch.restore()
        let basket = try session.resolve(ShopSessionAssembly.basket)
        #expect(basket !== patched)
        #expect(try basket.logbook === parent.resolve(ShopCoreAssembly.logbook))
        #expect(try session.resolve(ShopSessionAssembly.basket) === basket)
    }

    /// A patch of the parent's that supplied nothing to the session leaves the session's pools alone.
    @Test func aSessionComponentBuiltWhileAnUnrelatedParentDefinitionIsPatchedIsPooled() throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let logbook = try parent.resolve(ShopCoreAssembly.logbook)
        let session = try parent.child(ShopSessionAssembly())
        let patch = try parent.patch(ShopCoreAssembly.till) { Till() }
        defer { patch.restore() }
        let basket = try session.resolve(ShopSessionAssembly.basket)
        #expect(basket.logbook === logbook)
        #expect(try session.resolve(ShopSessionAssembly.basket) === basket)
    }

    /// A teardown hook resolving from its closing session gets the closed session's error, naming the key.
    @Test func aTeardownHookResolvingFromTheClosingSessionIsToldWhatWasClosed() async throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let reception = ReceptionAssembly()
        let session = try parent.child(reception)
        reception.session.withLock { $0 = session }
        _ = try await session.resolve(ReceptionAssembly.receptionist)
        try await session.close()
        #expect(reception.words.withLock { $0 } == """
            Cannot resolve ReceptionAssembly.basket() from this child factory: this child was closed (close()), and its pools were emptied.
              Resolve from a child that is open: make a new one with parent.child(…) for the next session, or resolve the parent's components from the parent.
            """)
        reception.session.withLock { $0 = nil }
    }

    /// A main-actor teardown waits for the main actor no longer than sharedBuildWait.
    @Test func aMainActorTeardownWaitsForABlockedMainActorNoLongerThanSharedBuildWait() async throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()], sharedBuildWait: .milliseconds(200))
        let reception = ReceptionAssembly()
        let session = try parent.child(reception)
        _ = try await session.resolve(ReceptionAssembly.receptionist)
        let blocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Task { @MainActor in
            blocked.signal()
            _ = release.wait(timeout: .now() + 5)
        }
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                blocked.wait()
                started.resume()
            }
        }
        let error = try await #require(throws: CloseError.self) { try await Task.detached { try await session.close() }.value }
        release.signal()
        #expect(error.kind == .closeTimedOut)
        #expect(error.description == """
            Cannot close the factory: the teardown of ReceptionAssembly.receptionist(), a main-actor component, waited 0.2 seconds (the \
            factory's sharedBuildWait) for the main actor, which something kept busy. The pools were emptied; its teardown, and those \
            after it, run when the main actor is free.
              Do not block the main thread waiting for close() (a semaphore, or a synchronous wait for a Task): await it.
            """)
        // A second close has nothing more to do.
        try await session.close()
    }

    @Test func aSessionsComponentAskedOfTheParentSaysToAskTheSession() throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let session = try parent.child(ShopSessionAssembly())
        let byMethod = try #require(throws: ResolutionError.self) { try parent.resolve(ShopSessionAssembly.basket) }
        #expect(byMethod.kind == .assemblyNotActivated)
        #expect(byMethod.description == """
            Cannot resolve a definition of ShopSessionAssembly: no ShopSessionAssembly was activated in this factory (activated: ShopCoreAssembly).
              ShopSessionAssembly is an assembly of a child of this factory (a session made with child(_:)), whose definitions the parent \
            never sees: resolve it from that child, try session.resolve(ShopSessionAssembly.…).
            """)
        let byType = try #require(throws: ResolutionError.self) { try parent.resolve(Checkout.self) }
        #expect(byType.kind == .noDefinitionForType)
        #expect(byType.description == """
            Cannot resolve Checkout: no definition declares this type.
              A child of this factory (a session made with child(_:)) declares it: ShopSessionAssembly.checkout(). Resolve it from that \
            child, try session.resolve(Checkout.self); the parent never sees its children's definitions.
            """)
        withExtendedLifetime(session) {}
    }

    /// Lifetimes.md: a lazy built before the close keeps returning what it built, after logout too.
    @Test func aBuiltLazyKeepsItsComponentAfterTheSessionIsClosedAndReleased() async throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        var session: BlockComponentFactory? = try parent.child(ShopSessionAssembly())
        weak var released: BlockComponentFactory?
        released = session
        let checkout = try await #require(session).resolve(ShopSessionAssembly.checkout)
        let basket = try checkout.basket()
        try await session?.close()
        #expect(try checkout.basket() === basket)
        session = nil
        #expect(released == nil)
        #expect(try checkout.basket() === basket)
        // A provider resolves again at every call: the factory is gone.
        #expect(throws: ResolutionError.self) { try callSynchronously(checkout.makeBasket) }
    }

    @Test func closedSessionErrorsFromAProviderALazyAndInjectNameTheKey() async throws {
        let parent = try BlockComponentFactory(assemblies: [ShopCoreAssembly()])
        let session = try parent.child(ShopSessionAssembly())
        let checkout = try await session.resolve(ShopSessionAssembly.checkout)
        try await session.close()
        let closed = """
            Cannot resolve ShopSessionAssembly.basket() from this child factory: this child was closed (close()), and its pools were emptied.
              Resolve from a child that is open: make a new one with parent.child(…) for the next session, or resolve the parent's components from the parent.
            """
        let fromProvider = try #require(throws: ResolutionError.self) { try callSynchronously(checkout.makeBasket) }
        #expect(fromProvider.description == closed)
        #expect(fromProvider.path == ["ShopSessionAssembly.basket()"])
        let fromLazy = try #require(throws: ResolutionError.self) { try checkout.basket() }
        #expect(fromLazy.description == closed)
        let fromInject = try await #require(throws: ResolutionError.self) {
            try await session.inject(into: Checkout(basket: checkout.basket, makeBasket: checkout.makeBasket), as: ShopSessionAssembly.checkout)
        }
        #expect(fromInject.kind == .factoryClosed)
        #expect(fromInject.path == ["ShopSessionAssembly.checkout()"])
    }

    /// Before: `close()` waited for the running resolution without end, and the resolution waited for it.
    @Test func closeWaitsForRunningResolutionsNoLongerThanSharedBuildWait() async throws {
        let core = ShopCoreAssembly()
        let parent = try BlockComponentFactory(assemblies: [core], sharedBuildWait: .milliseconds(300))
        let closing = ClosingFromAHookAssembly()
        let session = try parent.child(closing)
        closing.session.withLock { $0 = session }
        // Resolved on a thread of its own: the hook blocks it while the close runs on the cooperative pool.
        await withCheckedContinuation { (resolved: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                _ = try? session.resolve(ClosingFromAHookAssembly.basket)
                resolved.resume()
            }
        }
        #expect(closing.outcome.withLock { $0 } == """
            closeTimedOut
            Cannot close the factory: 1 resolution of it was still running after 0.3 seconds (the factory's sharedBuildWait), so its \
            pools could not be emptied. The child refuses new resolutions; nothing was torn down.
              A resolution that waits for this close never ends: an initializer or hook that starts Task { try await session.close() } \
            and waits for it. Close from the code that handles logging out, outside any build, and do not wait for the close in a build; \
            a later close() tries again.
            """)
        // The child stayed closed to new resolutions; a later close tears down.
        await #expect(throws: ResolutionError.self) { try await session.resolve(ClosingFromAHookAssembly.basket) }
        closing.session.withLock { $0 = nil }
        try await session.close()
    }
}
