import Foundation

/// Keeps the forecasts already fetched, so that asking twice for a city reads the client once
/// (the data-access object of Typhoon's PocketForecast). A singleton, so it may be used from several
/// threads: its state is behind a lock.
public final class WeatherReportCache: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [String: CityForecast] = [:]
    private var fetches = 0

    public init() {}

    /// How many times the cache had to fetch.
    public var fetchCount: Int { lock.withLock { fetches } }

    /// The cached forecast for `city`, or the one `fetch` returns, cached.
    public func report(for city: String, fetch: () -> CityForecast?) -> CityForecast? {
        let key = city.lowercased()
        if let cached = lock.withLock({ reports[key] }) { return cached }
        let fetched = fetch()
        lock.withLock {
            fetches += 1
            reports[key] = fetched
        }
        return fetched
    }
}
