// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// `try await factory.inject(into:)` from app code where every type is main-actor: a screen built
// elsewhere, injected with a main-actor client behind a protocol that is not Sendable.
protocol ReportClient: AnyObject { func fetch() -> String }
final class BundledReportClient: ReportClient {
    init() {}
    func fetch() -> String { "" }
}
final class ReportScreen {
    var client: (any ReportClient)?
    init() {}
}

nonisolated final class ReportScreenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [client(), screen()] }
    func client() -> Definition<any ReportClient> { define { Definition(BundledReportClient.init).scope(.lazySingleton) } }
    func screen() -> Definition<ReportScreen> { define { Definition(ReportScreen.init).inject(\.client, client()) } }
}

func show(_ factory: BlockComponentFactory) async throws {
    let screen = ReportScreen()
    try await factory.inject(into: screen)
    try await factory.inject(into: screen, as: ReportScreenAssembly.screen)
}
