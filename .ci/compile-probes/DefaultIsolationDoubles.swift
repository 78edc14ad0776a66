// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Foundation
import Monsoon
import MonsoonTesting
import Testing

// Declared doubles in a module whose default isolation is the main actor, as app code and its tests
// write them: main-actor services and doubles, wired by type, an async one, a closure that says
// `@MainActor`, a preview factory, and the test forms that use them. Nothing annotated but the assembly.
protocol Tides: AnyObject {
    func heights() async throws -> [Double]
}

final class Network {
    init() {}
}

final class LiveTides: Tides {
    init(network: Network) async throws {}
    func heights() async throws -> [Double] { [] }
}

final class RecordedTides: Tides {
    private(set) var asked = 0
    func heights() async throws -> [Double] {
        asked += 1
        return [1.5]
    }
}

final class Screen {
    let tides: any Tides
    init(tides: any Tides) { self.tides = tides }
}

nonisolated final class AppAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [network(), tides(), screen()] }
    func network() -> Definition<Network> { define(.lazySingleton) { Definition(Network.init).liveOnly() } }
    func tides() -> Definition<any Tides> {
        define(.lazySingleton) {
            Definition(LiveTides.init(network:))
                .testDouble(Definition(RecordedTides.init))
                .previewDouble(Definition { @MainActor in RecordedTides() as any Tides })
        }
    }
    func screen() -> Definition<Screen> { define { Definition(Screen.init(tides:)) } }
}

@Suite(.monsoonFactory { [AppAssembly()] })
struct AppTests {
    @Test func theScreenGetsTheRecordedTides() async throws {
        let factory = try TestFactory.require()
        let screen = try await factory.resolve(AppAssembly.screen)
        _ = try await screen.tides.heights()
        let calm = RecordedTides()
        _ = try factory.installDouble(AppAssembly.tides) { calm }
        await expectResolutionError(.liveOnly) { try await factory.resolve(AppAssembly.network) }
    }

    @Test func thePreviewFactory() async throws {
        let previews = try BlockComponentFactory(assemblies: [AppAssembly()], doubles: .previews)
        _ = try await previews.resolve(AppAssembly.screen)
        let live = try BlockComponentFactory.forTesting([AppAssembly()], doubles: .none)
        _ = live
    }
}
