import Foundation
import Monsoon
import Testing

/// A component that says which factory built it: each test case's factory has its own configuration.
private final class Tenant: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private final class TenantAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [tenant()] }
    func tenant() -> Definition<Tenant> { define { Definition(Tenant.init(name:), .config("tenant")).scope(.lazySingleton) } }
}

/// Code that cannot be handed a factory: it resolves through the default one.
private final class TenantBanner {
    @Injected var tenant: Tenant?
}

private func factory(for tenant: String) throws -> BlockComponentFactory {
    try BlockComponentFactory(assemblies: [TenantAssembly()], configuration: Configuration(json: Data(#"{"tenant": "\#(tenant)"}"#.utf8), name: "test"))
}

@Suite struct TaskDefaultFactoryTests {
    /// A hundred cases in parallel, each with its own default factory, across suspension points and
    /// child tasks: none ever sees another's.
    @Test(arguments: 0..<100)
    func eachTaskSeesTheDefaultFactoryItWasGiven(case number: Int) async throws {
        let own = try factory(for: "tenant \(number)")
        try await withDefaultFactory(own) { () async throws in
            await Task.yield()
            #expect((try? BlockComponentFactory.requireDefault()) === own)
            #expect(TenantBanner().tenant?.name == "tenant \(number)")
            let fromChild = await Task { try? BlockComponentFactory.requireDefault() }.value
            #expect(fromChild === own)
            async let fromAsyncLet = BlockComponentFactory.defaultFactory
            #expect(await fromAsyncLet === own)
            #expect(try await BlockComponentFactory.requireDefault().resolve(Tenant.self).name == "tenant \(number)")
        }
    }

    @Test func theSynchronousFormScopesItToTheCallToo() throws {
        let own = try factory(for: "synchronous")
        let name = withDefaultFactory(own) { TenantBanner().tenant?.name }
        #expect(name == "synchronous")
    }

    @Test func nestedScopesSeeTheInnermostFactory() throws {
        let outer = try factory(for: "outer")
        let inner = try factory(for: "inner")
        withDefaultFactory(outer) {
            withDefaultFactory(inner) { #expect(BlockComponentFactory.defaultFactory === inner) }
            #expect(BlockComponentFactory.defaultFactory === outer)
        }
    }
}

extension DefaultFactoryTests {
    @Test func aTaskWithoutAFactoryOfItsOwnSeesTheProcessWideDefault() throws {
        let processWide = try factory(for: "process")
        processWide.makeDefault()
        defer { BlockComponentFactory.clearDefault() }
        let scoped = try factory(for: "scoped")
        #expect(withDefaultFactory(scoped) { BlockComponentFactory.defaultFactory } === scoped)
        #expect(BlockComponentFactory.defaultFactory === processWide)
    }
}
