// expect: no error
import Monsoon

@MainActor final class ViewModel {
    init(quest: Quest) {}
}

final class ProbeAssembly: ProbeBase {
    func viewModel() -> Definition<ViewModel> { define { Definition(ViewModel.init(quest:), quest()) } }
}
