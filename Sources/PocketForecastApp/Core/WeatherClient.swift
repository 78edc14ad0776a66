import Foundation

/// Where forecasts come from. The real app would call a web service; this one reads bundled samples.
public protocol WeatherClient: AnyObject {
    /// Every city the client knows, sorted.
    var knownCities: [String] { get }
    /// The forecast for `city` (case-insensitive), or `nil` when the client does not know it.
    func forecast(for city: String) -> CityForecast?
}

/// Reads the forecasts bundled with the app, once, on first use.
public final class BundledWeatherClient: WeatherClient {
    private let forecasts: [CityForecast]

    /// - Parameter resourceName: the bundled JSON file (without extension) holding `[CityForecast]`.
    public init(resourceName: String) throws {
        guard let url = Bundle.module.url(forResource: resourceName, withExtension: "json") else {
            throw PocketForecastError.missingSampleData(resourceName)
        }
        forecasts = try JSONDecoder().decode([CityForecast].self, from: Data(contentsOf: url))
    }

    public var knownCities: [String] { forecasts.map(\.city).sorted() }

    public func forecast(for city: String) -> CityForecast? {
        forecasts.first { $0.city.caseInsensitiveCompare(city) == .orderedSame }
    }
}
