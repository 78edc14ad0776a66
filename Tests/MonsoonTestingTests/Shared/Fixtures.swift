import Monsoon

protocol Weather: Sendable {
    var forecast: String { get }
}

struct RealWeather: Weather {
    let forecast = "rain"
}

struct FakeWeather: Weather {
    let forecast = "sun"
}

final class Picnic {
    let weather: any Weather
    init(weather: any Weather) { self.weather = weather }
}

class WeatherAssembly: Assembly, ManifestLoadable {
    required override init() {}
    override var definitions: [any ComponentDefinition] { [weather()] }
    func weather() -> Definition<any Weather> { define { Definition { RealWeather() as any Weather }.scope(.lazySingleton) } }
}

final class FakeWeatherAssembly: WeatherAssembly {
    override func weather() -> Definition<any Weather> { define { Definition { FakeWeather() as any Weather } } }
}

final class PicnicAssembly: Assembly {
    let weather: WeatherAssembly
    init(weather: WeatherAssembly = WeatherAssembly()) { self.weather = weather }
    override var definitions: [any ComponentDefinition] { [picnic()] }
    func picnic() -> Definition<Picnic> { define { Definition(Picnic.init(weather:), weather.weather()) } }
}

final class BrokenAssembly: Assembly {
    final class Chicken { init(egg: Egg) {} }
    final class Egg { init(chicken: Chicken) {} }
    override var definitions: [any ComponentDefinition] { [chicken(), egg()] }
    func chicken() -> Definition<Chicken> { define { Definition(Chicken.init(egg:), egg()) } }
    func egg() -> Definition<Egg> { define { Definition(Egg.init(chicken:), chicken()) } }
}
