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

extension Scope {
    static let catalogCache = Scope("catalogCache")
}

@Suite struct LifetimesGuideTests {
    @Test func aScopeOfYourOwnSharesUntilReset() throws {
        let (before, again, after) = try LifetimesGuide.run()
        #expect(before === again)
        #expect(after !== before)
    }
}
