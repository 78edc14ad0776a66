/// Renders a forecast as text for the terminal.
public final class TextPresenter {
    public let formatter: TemperatureFormatter
    let showRain: Bool

    public init(formatter: TemperatureFormatter, showRain: Bool) {
        self.formatter = formatter
        self.showRain = showRain
    }

    public func render(_ forecast: CityForecast) -> String {
        var lines = ["Forecast for \(forecast.city), \(forecast.country)"]
        let summaryWidth = forecast.days.map(\.summary.count).max() ?? 0
        for day in forecast.days {
            var line = "  \(day.day)  \(day.summary.padding(toLength: summaryWidth))  "
                + "\(formatter.format(celsius: day.highCelsius)) / \(formatter.format(celsius: day.lowCelsius))"
            if showRain { line += "  rain \(day.chanceOfRain)%" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
