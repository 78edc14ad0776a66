import Foundation
import Monsoon
import Testing

private final class MAForecastClient: Sendable { let city = "Lisbon" }

@MainActor private final class MAForecastViewModel {
    let client: MAForecastClient
    let title: String
    init(client: MAForecastClient, title: String) {
        self.client = client
        self.title = title
    }
}

@MainActor private final class MABanner {
    let text = "Sunny"
}

private final class MAScreenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [viewModel(), banner()] }
    func client() -> Definition<MAForecastClient> { define { Definition(MAForecastClient.init).scope(.lazySingleton) } }
    func viewModel() -> Definition<MAForecastViewModel> {
        define { Definition(MAForecastViewModel.init(client:title:), client(), .value("Forecast")) }
    }
    func banner() -> Definition<MABanner> { define { Definition(MABanner.init).scope(.lazySingleton) } }
}

@Suite struct MainActorDefinitionTests {
    @MainActor @Test func aMainActorComponentIsBuiltWhenResolvedFromTheMainActor() throws {
        let factory = try BlockComponentFactory(assemblies: [MAScreenAssembly()])
        let model = try factory.resolve(MAScreenAssembly.viewModel)
        #expect(model.title == "Forecast")
        #expect(model.client === (try factory.resolve(MAScreenAssembly.client)))
        #expect(try factory.resolve(MAForecastViewModel.self) !== model)
    }

    @Test func resolvingItFromAnotherThreadIsATypedErrorNotATrap() async throws {
        let factory = try BlockComponentFactory(assemblies: [MAScreenAssembly()])
        let outcome = await Task.detached { () -> ResolutionError? in
            do throws(ResolutionError) {
                _ = try factory.resolve(MAScreenAssembly.viewModel)
                return nil
            } catch {
                return error
            }
        }.value
        let error = try #require(outcome)
        #expect(error.kind == .mainActorRequired)
        #expect(error.description == """
            Cannot resolve MAScreenAssembly.viewModel(): its initializer is isolated to the main actor (it builds MAForecastViewModel), \
            and this resolution runs on another thread.
              Resolve it from the main actor, or with `try await factory.resolve(…)`, which builds it there.
            """)
    }

    @MainActor @Test func aPooledMainActorComponentIsSharedWithOtherThreadsOnceBuilt() async throws {
        let factory = try BlockComponentFactory(assemblies: [MAScreenAssembly()])
        let banner = try await factory.resolve(MAScreenAssembly.banner)
        let fromElsewhere = await Task.detached { try? await factory.resolve(MAScreenAssembly.banner) }.value
        #expect(fromElsewhere === banner)
    }
}

private struct MAPair: Sendable, Equatable { let first: String; let second: String }

private final class MARewrittenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [viewModel(), pair()] }
    func client() -> Definition<MAForecastClient> { define { Definition(MAForecastClient.init).scope(.lazySingleton) } }
    func viewModel() -> Definition<MAForecastViewModel> {
        define { Definition(MAForecastViewModel.init(client:title:), client(), .value("Forecast")) }
    }
    func pair() -> Definition<MAPair> { define { Definition(MAPair.init(first:second:), .value("a"), .value("b")) } }
}

private struct RetitleViewModel: DefinitionPostProcessor {
    func process(_ definition: inout RegisteredDefinition) throws {
        guard definition.key == "MARewrittenAssembly.viewModel()" else { return }
        try definition.replaceInjection(at: .initializerArgument(1), with: .value("Rewritten"))
    }
}

extension MainActorDefinitionTests {
    @Test func rewritesStagedForACallThatThrowsFirstDoNotReachTheNextCall() async throws {
        let factory = try BlockComponentFactory(assemblies: [MARewrittenAssembly()], definitionPostProcessors: [RetitleViewModel()])
        let outcome = await Task.detached { () -> (ErrorKind?, MAPair?) in
            // One thread, one reused resolution context: the failed build runs first.
            let failure: ErrorKind?
            do throws(ResolutionError) {
                _ = try factory.resolve(MARewrittenAssembly.viewModel)
                failure = nil
            } catch {
                failure = error.kind
            }
            return (failure, try? factory.resolve(MARewrittenAssembly.pair))
        }.value
        #expect(outcome.0 == .mainActorRequired)
        #expect(outcome.1 == MAPair(first: "a", second: "b"))
    }
}
