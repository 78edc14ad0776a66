/// One day of a city's forecast, as the bundled sample data records it.
public struct DailyForecast: Codable, Sendable, Equatable {
    public let day: String
    public let summary: String
    public let highCelsius: Double
    public let lowCelsius: Double
    public let chanceOfRain: Int

    public init(day: String, summary: String, highCelsius: Double, lowCelsius: Double, chanceOfRain: Int) {
        self.day = day
        self.summary = summary
        self.highCelsius = highCelsius
        self.lowCelsius = lowCelsius
        self.chanceOfRain = chanceOfRain
    }
}

/// A city's forecast for the coming days.
public struct CityForecast: Codable, Sendable, Equatable {
    public let city: String
    public let country: String
    public let days: [DailyForecast]

    public init(city: String, country: String, days: [DailyForecast]) {
        self.city = city
        self.country = country
        self.days = days
    }
}
