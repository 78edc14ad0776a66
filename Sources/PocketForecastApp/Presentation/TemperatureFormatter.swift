/// Formats temperatures in the configured units.
public final class TemperatureFormatter {
    public enum Units: String, Decodable, Sendable { case metric, imperial }

    let units: Units

    public init(units: Units) {
        self.units = units
    }

    public func format(celsius: Double) -> String {
        switch units {
        case .metric: "\(Int(celsius.rounded()))°C"
        case .imperial: "\(Int((celsius * 9 / 5 + 32).rounded()))°F"
        }
    }
}
