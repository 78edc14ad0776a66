// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// Main-actor types (the default here) with a non-Sendable argument, key paths to their properties,
// an injected method and a main-actor hook, in a nonisolated assembly: no label, no annotation.
final class Formatter {
    var units = "metric"
}

final class ViewModel {
    var title = ""
    init(formatter: Formatter, quest: Quest) {}
    func attach(_ horse: Horse) {}
    func load() {}
}

nonisolated final class ScreenAssembly: ProbeBase {
    override var definitions: [any ComponentDefinition] { [viewModel()] }
    func formatter() -> Definition<Formatter> { define { Definition(Formatter.init).inject(\.units, "imperial") } }
    func viewModel() -> Definition<ViewModel> {
        define {
            Definition(ViewModel.init(formatter:quest:), formatter(), quest())
                .inject(\.title, "Forecast")
                .injectMethod(ViewModel.attach(_:), horse())
                .afterInjections { @MainActor model in model.load() }
        }
    }
}
