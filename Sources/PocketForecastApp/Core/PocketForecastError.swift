/// What can go wrong in PocketForecast, with messages for the terminal.
public enum PocketForecastError: Error, CustomStringConvertible, Equatable {
    case unknownCity(String, known: [String])
    case missingSampleData(String)

    public var description: String {
        switch self {
        case .unknownCity(let city, let known):
            "Unknown city \"\(city)\". Known cities: \(known.joined(separator: ", "))."
        case .missingSampleData(let name):
            "The bundled sample data \(name).json is missing."
        }
    }
}
