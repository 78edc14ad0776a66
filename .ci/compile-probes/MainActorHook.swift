// expect: call to main actor-isolated instance method 'refresh()' in a synchronous nonisolated context
import Monsoon

@MainActor final class ViewModel {
    init(quest: Quest) {}
    func refresh() {}
}

final class ProbeAssembly: ProbeBase {
    func viewModel() -> Definition<ViewModel> {
        define { Definition(ViewModel.init(quest:), quest()).afterInjections { $0.refresh() } }
    }
}
