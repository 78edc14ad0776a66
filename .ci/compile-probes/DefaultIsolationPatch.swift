// expect: no error
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon
import MonsoonTesting

// Fakes of main-actor types patched in, as a test in such a module writes them: the closure says
// `@MainActor`, or the double is an initializer reference.
protocol Weather {
    var forecast: String { get }
}

final class RealWeather: Weather {
    init() {}
    var forecast: String { "rain" }
}

final class FakeWeather: Weather {
    init() {}
    var forecast: String { "sun" }
}

nonisolated class WeatherAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [weather()] }
    func weather() -> Definition<any Weather> { define { Definition(RealWeather.init) } }
}

func sunnyPicnic(_ factory: BlockComponentFactory) throws {
    try factory.withPatch(WeatherAssembly.weather, { @MainActor in FakeWeather() as any Weather }) { () throws in
        _ = try factory.resolve(WeatherAssembly.weather).forecast
    }
    let patch = try factory.patch(WeatherAssembly.weather, with: FakeWeather.init)
    patch.restore()
}
