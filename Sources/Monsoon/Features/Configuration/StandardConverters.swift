import Foundation

/// The converters every configuration has, for the types apps most often write as text (Typhoon
/// converted such "typed strings" without user code). A converter registered with
/// ``Configuration/converting(with:)`` for the same type wins.
///
/// | type | text |
/// |---|---|
/// | `URL` | an absolute URL: `https://example.com/path`, `file:///tmp/cache` |
/// | `Date` | ISO 8601 with a zone: `2026-11-25T10:30:00Z`, with fractional seconds or an offset (`+01:00`), or a day `2026-11-25` (midnight UTC); nothing else |
/// | `UUID` | `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` |
/// | `Data` | base64: `SGVsbG8=` |
/// | `Duration` | a number and a unit, or several: `250ms`, `90s`, `5m`, `1h30m`, `2d` (units `ms`, `s`, `m`, `h`, `d`) |
/// | `Locale` | an identifier: an ISO 639 language, optionally a script and an ISO 3166 region: `en_GB`, `fr`, `pt-BR`, `zh_Hans_CN` |
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
                throw Expected("an ISO 8601 date and time with a time zone, like 2026-11-25T10:30:00Z or 2026-11-25T10:30:00.250+01:00, "
                    + "or a day alone, like 2026-11-25 (midnight UTC)")
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
            guard isLocaleIdentifier(text) else {
                throw Expected("a locale identifier: an ISO 639 language code, optionally followed by a script and an ISO 3166 region, "
                    + "separated by _ or - (en, en_GB, en-GB, pt_BR, zh_Hans_CN)")
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

    /// `text` read as exactly `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`, every
    /// field in its range (February 30 and 24:00 are not dates).
    ///
    /// Not `ISO8601DateFormatter`: it reads a prefix and drops the rest (`2026-11-25 10:30:00` became
    /// midnight, `…Zjunk` the time before it) and rolls impossible days over (February 30 became March 2).
    /// A time without a zone is refused rather than guessed: UTC and the device's zone are both plausible.
    static func isoDate(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
              let day = scanner.number(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var seconds = Double(daysFromEpoch(year: year, month: month, day: day)) * 86_400
        if scanner.atEnd { return Date(timeIntervalSince1970: seconds) }
        guard scanner.skip("T"), let hour = scanner.number(2), scanner.skip(":"), let minute = scanner.number(2), scanner.skip(":"),
              let second = scanner.number(2), hour < 24, minute < 60, second < 60 else { return nil }
        seconds += Double(hour * 3_600 + minute * 60 + second)
        if scanner.skip(".") {
            guard let fraction = scanner.fraction() else { return nil }
            seconds += fraction
        }
        if scanner.skip("Z") {
            return scanner.atEnd ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { return nil }
        guard let offsetHours = scanner.number(2), scanner.skip(":"), let offsetMinutes = scanner.number(2), scanner.atEnd,
              offsetHours < 24, offsetMinutes < 60 else { return nil }
        return Date(timeIntervalSince1970: seconds - sign * Double(offsetHours * 3_600 + offsetMinutes * 60))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`), so that no calendar object is needed.
    private static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads fixed-width digits and separators from the front of a text.
    private struct DigitScanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `width` digits as a number.
        mutating func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + width)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }

        /// One or more digits after a decimal point, as the fraction they spell.
        mutating func fraction() -> Double? {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            return Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    /// Whether `text` names a real locale: `language[-script][-region]` with `_` or `-` between the parts,
    /// an ISO 639 language (`Locale.LanguageCode.isISOLanguage`), an ISO 15924 script, and an ISO 3166
    /// or UN M.49 region (`Locale.Region.isISORegion`); or, with other parts (`en_US_POSIX`), an
    /// identifier Foundation lists in `Locale.availableIdentifiers`.
    ///
    /// `Locale(identifier:)` accepts any text (`english` becomes a locale whose language is "english" and
    /// which formats as the root locale), so the check is Monsoon's. Foundation's code lists, not only its
    /// available identifiers, so that a real combination it has no data for (`fr_JP`) is accepted as the
    /// identifier it is.
    static func isLocaleIdentifier(_ text: String) -> Bool {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard let language = parts.first, (2...3).contains(language.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              Locale.LanguageCode(String(language)).isISOLanguage else { return false }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, Locale.Script(String(script)).isISOScript { rest = rest.dropFirst() }
        if let region = rest.first, region.count == 2 || region.count == 3, Locale.Region(String(region)).isISORegion { rest = rest.dropFirst() }
        if rest.isEmpty { return true }
        return Locale.availableIdentifiers.contains(Locale.identifier(.icu, from: text))
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
