// expect: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// A closure fake of a main-actor type with no `@MainActor`: Swift picks the overload before it checks
// the closure's isolation, and prefers the nonisolated one. `Definition(FakeWeather.init)` or
// `Definition { @MainActor in FakeWeather() as any Weather }` compiles (probe DefaultIsolationProtocolBinding.swift).
protocol Weather {
    var forecast: String { get }
}

final class FakeWeather: Weather {
    init() {}
    var forecast: String { "sun" }
}

nonisolated final class FakeWeatherAssembly: Assembly {
    func weather() -> Definition<any Weather> { define { Definition { FakeWeather() as any Weather } } }
}
