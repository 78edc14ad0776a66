/// Keeps the forecasts already fetched, so that asking twice for a city reads the client once
/// (the data-access object of Typhoon's PocketForecast).
public final class WeatherReportCache {
    private var reports: [String: CityForecast] = [:]
    public private(set) var fetchCount = 0

    public init() {}

    /// The cached forecast for `city`, or the one `fetch` returns, cached.
    public func report(for city: String, fetch: () -> CityForecast?) -> CityForecast? {
        let key = city.lowercased()
        if let cached = reports[key] { return cached }
        fetchCount += 1
        let fetched = fetch()
        reports[key] = fetched
        return fetched
    }
}
