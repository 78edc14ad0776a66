/// One day of a city's forecast, as the bundled sample data records it.
public struct DailyForecast: Codable, Sendable, Equatable {
    public let day: String
    public let summary: String
    public let highCelsius: Double
    public let lowCelsius: Double
    public let chanceOfRain: Int
}

/// A city's forecast for the coming days.
public struct CityForecast: Codable, Sendable, Equatable {
    public let city: String
    public let country: String
    public let days: [DailyForecast]
}
