/// Answers "what is the weather in this city" from the client, through the cache.
public final class ForecastService {
    let client: any WeatherClient
    let cache: WeatherReportCache

    public init(client: any WeatherClient, cache: WeatherReportCache) {
        self.client = client
        self.cache = cache
    }

    public func forecast(for city: String) throws(PocketForecastError) -> CityForecast {
        guard let forecast = cache.report(for: city, fetch: { client.forecast(for: city) }) else {
            throw .unknownCity(city, known: client.knownCities)
        }
        return forecast
    }
}
