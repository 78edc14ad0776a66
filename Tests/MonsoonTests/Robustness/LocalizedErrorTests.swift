import Foundation
import Monsoon
import Testing

@Suite("Localized descriptions")
struct LocalizedErrorTests {
    @Test func everyErrorTypeReportsItsMessageAsItsLocalizedDescription() throws {
        let factory = try BlockComponentFactory(assemblies: [BookAssembly(lastPage: 1)])
        let resolution = try #require(throws: ResolutionError.self) { try factory.resolve(key: "BookAssembly.bok()", as: Page.self) }
        #expect((resolution as any Error).localizedDescription == resolution.description)
        #expect(resolution.localizedDescription.hasPrefix("Cannot resolve key \"BookAssembly.bok()\""))

        let activation = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [BookAssembly(), BookAssembly()])
        }
        #expect((activation as any Error).localizedDescription == activation.description)

        let missing = URL(fileURLWithPath: "/nonexistent/monsoon-manifest.json")
        let manifest = try #require(throws: ManifestError.self) { try BlockComponentFactory(manifest: missing) }
        #expect((manifest as any Error).localizedDescription == manifest.description)

        let configuration = try #require(throws: ConfigurationError.self) {
            try Configuration(files: [URL(fileURLWithPath: "/nonexistent/monsoon-config.json")])
        }
        #expect((configuration as any Error).localizedDescription == configuration.description)
        #expect(!configuration.localizedDescription.contains("could not be completed"))

        let caught = Locked<(any Error)?>(nil)
        _ = try BlockComponentFactory(assemblies: [LocalizedRewriteAssembly()], definitionPostProcessors: [CatchingRewriter(caught: caught)])
        let rewrite = try #require(caught.withLock { $0 } as? DefinitionRewriteError)
        #expect((rewrite as any Error).localizedDescription == rewrite.description)
        #expect(rewrite.localizedDescription.hasPrefix("Cannot inject initializer argument 3: the definition has no such injection"))
    }
}

private final class LocalizedRewriteAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [name()] }
    func name() -> Definition<String> { define { Definition(String.init(describing:), .value(1)) } }
}

/// Keeps the error a replacement of a site the definition does not have throws.
private struct CatchingRewriter: DefinitionPostProcessor {
    let caught: Locked<(any Error)?>
    func process(_ definition: inout RegisteredDefinition) throws {
        do {
            try definition.replaceInjection(at: .initializerArgument(3), with: .value(2))
        } catch {
            caught.withLock { $0 = error }
        }
    }
}
