import Monsoon
import Testing

// Docs/Lifetimes.md, "Scopes of your own", compiled and run.
enum LifetimesGuide {
    final class Catalog {}

    final class ShopAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [catalog()] }
        func catalog() -> Definition<Catalog> { define(.catalogCache) { Definition(Catalog.init) } }
    }

    static func run() throws -> (before: Catalog, again: Catalog, after: Catalog) {
        let factory = try BlockComponentFactory(assemblies: [ShopAssembly()])
        let before = try factory.resolve(ShopAssembly.catalog)
        let again = try factory.resolve(ShopAssembly.catalog)
        try factory.reset(.catalogCache)                      // the pool lets the catalog go
        let after = try factory.resolve(ShopAssembly.catalog) // a new one
        return (before, again, after)
    }
}

// Docs/Lifetimes.md, "Sessions: a child you close", compiled and run.
enum SessionsGuide {
    final class User: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }
    final class ApiClient: Sendable {}
    final class Cart: Sendable {
        /// The users whose carts were saved.
        static let saved = Locked<[String]>([])
        let user: User
        let api: ApiClient
        init(user: User, api: ApiClient) {
            self.user = user
            self.api = api
        }
        func save() { Self.saved.withLock { $0.append(user.name) } }
    }

    final class AppAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [api()] }
        func api() -> Definition<ApiClient> { define(.lazySingleton) { Definition(ApiClient.init) } }
    }

    final class SessionAssembly: Assembly {
        let user: User
        let app: AppAssembly
        init(user: User, app: AppAssembly) {
            self.user = user
            self.app = app
        }
        override var definitions: [any ComponentDefinition] { [cart()] }
        func cart() -> Definition<Cart> {
            define(.lazySingleton) {
                Definition(Cart.init(user:api:), .value(user), app.api()).teardown { $0.save() }
            }
        }
    }

    static func run() async throws -> (cart: Cart, appAPI: ApiClient, saved: Bool, refused: Bool) {
        let user = User(name: "ada")
        let app = AppAssembly()
        let factory = try BlockComponentFactory(assemblies: [app])
        let session = try factory.child(SessionAssembly(user: user, app: app))  // log in
        let cart = try await session.resolve(SessionAssembly.cart)              // one per session
        try await session.close()                                               // log out: cart.save() runs
        let refused = await (try? session.resolve(SessionAssembly.cart)) == nil
        return (cart, try await factory.resolve(AppAssembly.api), Cart.saved.withLock { $0 } == ["ada"], refused)
    }
}

// Docs/Lifetimes.md, "Built once, on first use: Lazy", compiled and run.
enum LazyGuide {
    final class ReceiptPrinter: Sendable {
        static let printed = Locked(0)
        func print() { Self.printed.withLock { $0 += 1 } }
    }

    final class Checkout {
        let receipts: Lazy<ReceiptPrinter>
        init(receipts: Lazy<ReceiptPrinter>) { self.receipts = receipts }
        func finish() throws { try receipts().print() }   // the printer is built here, the first time
    }

    final class ShopAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [checkout()] }
        func printer() -> Definition<ReceiptPrinter> { define(.prototype) { Definition(ReceiptPrinter.init) } }
        func checkout() -> Definition<Checkout> { define { Definition(Checkout.init(receipts:), .lazy(printer())) } }
    }
}

extension Scope {
    static let catalogCache = Scope("catalogCache")
}

@Suite struct LifetimesGuideTests {
    @Test func aScopeOfYourOwnSharesUntilReset() throws {
        let (before, again, after) = try LifetimesGuide.run()
        #expect(before === again)
        #expect(after !== before)
    }

    @Test func aLazyBuildsOnFirstCallAndKeepsThatInstance() throws {
        let factory = try BlockComponentFactory(assemblies: [LazyGuide.ShopAssembly()])
        let checkout = try factory.resolve(LazyGuide.ShopAssembly.checkout)
        try checkout.finish()
        try checkout.finish()
        #expect(LazyGuide.ReceiptPrinter.printed.withLock { $0 } == 2)
        #expect(try checkout.receipts() === (try checkout.receipts()))
    }

    @Test func aSessionSharesTheAppsSingletonsAndTearsDownAtClose() async throws {
        let (cart, appAPI, saved, refused) = try await SessionsGuide.run()
        #expect(cart.user.name == "ada")
        #expect(cart.api === appAPI)
        #expect(saved)
        #expect(refused)
    }
}
