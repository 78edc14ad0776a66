import Foundation

/// The converters every configuration has, for the types apps most often write as text (Typhoon
/// converted such "typed strings" without user code). A converter registered with
/// ``Configuration/converting(with:)`` for the same type wins.
///
/// | type | text |
/// |---|---|
/// | `URL` | an absolute URL: `https://example.com/path`, `file:///tmp/cache` |
/// | `Date` | ISO 8601: `2026-11-25T10:30:00Z`, with fractional seconds or an offset (`+01:00`), or a day `2026-11-25` (midnight UTC) |
/// | `UUID` | `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` |
/// | `Data` | base64: `SGVsbG8=` |
/// | `Duration` | a number and a unit, or several: `250ms`, `90s`, `5m`, `1h30m`, `2d` (units `ms`, `s`, `m`, `h`, `d`) |
/// | `Locale` | an identifier: `en_GB`, `fr`, `pt-BR` |
/// | `TimeZone` | an identifier: `Europe/London`, `UTC`, `GMT+2` |
enum StandardConverters {
    static let byType: [ObjectIdentifier: TypeConverter] = Dictionary(uniqueKeysWithValues: all.map { (ObjectIdentifier($0.type), $0) })

    static let all: [TypeConverter] = [
        TypeConverter(URL.self) { text in
            guard let url = URL(string: text), url.scheme != nil else { throw Expected("an absolute URL, like https://example.com/path") }
            return url
        },
        TypeConverter(Date.self) { text in
            guard let date = isoDate(text) else {
                throw Expected("an ISO 8601 date, like 2026-11-25T10:30:00Z or 2026-11-25")
            }
            return date
        },
        TypeConverter(UUID.self) { text in
            guard let uuid = UUID(uuidString: text) else { throw Expected("a UUID, like E621E1F8-C36C-495A-93FC-0C247A3E6E5F") }
            return uuid
        },
        TypeConverter(Data.self) { text in
            guard let data = Data(base64Encoded: text) else { throw Expected("base64, like SGVsbG8=") }
            return data
        },
        TypeConverter(Duration.self) { text in
            guard let duration = duration(text) else { throw Expected("a duration, like 250ms, 90s, 5m, 1h30m or 2d") }
            return duration
        },
        TypeConverter(Locale.self) { text in
            guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                throw Expected("a locale identifier, like en_GB")
            }
            return Locale(identifier: text)
        },
        TypeConverter(TimeZone.self) { text in
            guard let zone = TimeZone(identifier: text) ?? TimeZone(abbreviation: text) else {
                throw Expected("a time zone identifier, like Europe/London or UTC")
            }
            return zone
        },
    ]

    /// What a standard converter's text should have been: the conversion error's message.
    struct Expected: Error, CustomStringConvertible {
        let format: String
        init(_ format: String) { self.format = format }
        var description: String { "expected \(format)" }
    }

    /// An ISO 8601 date and time (fractional seconds and offsets allowed) or a day.
    static func isoDate(_ text: String) -> Date? {
        // A formatter per call: `ISO8601DateFormatter` is not Sendable, and configuration is read rarely.
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// `1h30m`, `250ms`, `2d`: numbers each followed by a unit, added.
    static func duration(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]
        var rest = Substring(text)
        var seconds = 0.0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            // The longest unit that matches ("ms" before "m").
            guard let (name, unit) = units.filter({ rest.hasPrefix($0.0) }).max(by: { $0.0.count < $1.0.count }) else { return nil }
            rest = rest.dropFirst(name.count)
            seconds += value * unit
        }
        // `Duration` traps on a value it cannot hold: a configuration file must not be able to do that.
        guard seconds.isFinite, seconds <= Self.longestDuration else { return nil }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    /// About a hundred thousand years: far beyond any timeout, far within what `Duration` holds.
    static let longestDuration = 3.2e12
}

extension Configuration {
    /// The converter for `type`: this configuration's, else the standard one.
    func converter(for type: Any.Type) -> TypeConverter? {
        converters[ObjectIdentifier(type)] ?? StandardConverters.byType[ObjectIdentifier(type)]
    }
}
