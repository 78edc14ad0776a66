// expect: loses global actor 'MainActor'
import Monsoon

@MainActor final class ViewModel {
    init(quest: Quest) {}
}

final class ProbeAssembly: ProbeBase {
    func viewModel() -> Definition<ViewModel> { define { Definition(ViewModel.init(quest:), quest()) } }
}
