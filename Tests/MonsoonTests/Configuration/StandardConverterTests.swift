import Foundation
import Monsoon
import Testing

/// Strings that configuration converts without user code: URL, Date, UUID, Data, Duration, Locale and
/// TimeZone, from configuration values and from `.converted(_:)` literals.
@Suite struct StandardConverterTests {
    private func configuration(_ text: String) throws -> Configuration {
        try Configuration(json: Data(text.utf8), name: "app.json")
    }

    @Test func commonTypesConvertFromConfigurationStrings() throws {
        let config = try configuration(#"""
            {"url": "https://example.com/tides?x=1", "launch": "2026-11-25T10:30:00Z", "precise": "2026-11-25T10:30:00.250+01:00",
             "day": "2026-11-25", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "key": "SGVsbG8=", "timeout": "1h30m",
             "short": "250ms", "locale": "en_GB", "zone": "Europe/London"}
            """#)
        #expect(try config.value("url", as: URL.self) == URL(string: "https://example.com/tides?x=1"))
        #expect(try config.value("launch", as: Date.self) == Date(timeIntervalSince1970: 1_795_602_600))
        #expect(try config.value("precise", as: Date.self) == Date(timeIntervalSince1970: 1_795_599_000.25))
        #expect(try config.value("day", as: Date.self) == Date(timeIntervalSince1970: 1_795_564_800))
        #expect(try config.value("id", as: UUID.self) == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try config.value("key", as: Data.self) == Data("Hello".utf8))
        #expect(try config.value("timeout", as: Duration.self) == .seconds(5_400))
        #expect(try config.value("short", as: Duration.self) == .milliseconds(250))
        #expect(try config.value("locale", as: Locale.self).identifier == "en_GB")
        #expect(try config.value("zone", as: TimeZone.self).identifier == "Europe/London")
    }

    @Test func definitionsInjectThemFromKeysAndLiterals() throws {
        let config = try configuration(#"{"tides": {"url": "https://tides.example/api", "timeout": "90s"}}"#)
        let factory = try BlockComponentFactory(assemblies: [TideServiceAssembly()], configuration: config)
        let client = try factory.resolve(TideServiceAssembly.client)
        #expect(client.url.absoluteString == "https://tides.example/api")
        #expect(client.timeout == .seconds(90))
        #expect(client.zone.secondsFromGMT() == 0)
    }

    @Test func aStringInTheWrongFormatSaysWhichFormatWasExpected() throws {
        let config = try configuration(#"{"url": "not a url", "timeout": "ninety", "day": "25/11/2026"}"#)
        let url = try #require(throws: ConfigurationError.self) { try config.value("url", as: URL.self) }
        #expect(url.description.contains(#"Configuration key "url" ("not a url") cannot be converted to URL"#))
        #expect(url.description.contains("expected an absolute URL, like https://example.com/path"))
        let duration = try #require(throws: ConfigurationError.self) { try config.value("timeout", as: Duration.self) }
        #expect(duration.description.contains("expected a duration, like 250ms, 90s, 5m, 1h30m or 2d"))
        let day = try #require(throws: ConfigurationError.self) { try config.value("day", as: Date.self) }
        #expect(day.description.contains("expected an ISO 8601 date and time with a time zone, like 2026-11-25T10:30:00Z"))
    }

    /// Issue 28: a day followed by anything (a time, junk) was read as that day at midnight, and an
    /// impossible day rolled over into the next month.
    @Test(arguments: ["2026-11-25 10:30:00", "2026-11-25T10:30:00", "2026-11-25junk", "2026-11-25T10:30:00Zjunk", "2026-02-30", "2026-11-25T24:00:00Z"])
    func aDateThatIsNotExactlyAnAcceptedFormIsRefused(text: String) throws {
        let config = try configuration(#"{"launch": "\#(text)"}"#)
        let error = try #require(throws: ConfigurationError.self) { try config.value("launch", as: Date.self) }
        #expect(error.kind == .conversionFailed)
        #expect(error.key == "launch")
        #expect(error.description == """
            Configuration key "launch" ("\(text)") cannot be converted to Date: its TypeConverter threw: expected an ISO 8601 \
            date and time with a time zone, like 2026-11-25T10:30:00Z or 2026-11-25T10:30:00.250+01:00, or a day alone, like \
            2026-11-25 (midnight UTC).
            """)
    }

    @Test func aDateWithATimeButNoZoneIsRefusedAtActivation() throws {
        let config = try configuration(#"{"launch": "2026-11-25 10:30:00"}"#)
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [LaunchAssembly()], configuration: config) }
        #expect(error.description.contains(#"Configuration key "launch" ("2026-11-25 10:30:00") cannot be converted to Date"#))
    }

    @Test func acceptedDatesKeepTheirTimeAndZone() throws {
        let config = try configuration(#"""
            {"utc": "2026-11-25T10:30:00Z", "offset": "2026-11-25T10:30:00-02:30", "fraction": "2026-11-25T10:30:00.5Z",
             "leap": "2028-02-29", "lower": "2026-11-25t10:30:00z"}
            """#)
        #expect(try config.value("utc", as: Date.self) == Date(timeIntervalSince1970: 1_795_602_600))
        #expect(try config.value("offset", as: Date.self) == Date(timeIntervalSince1970: 1_795_602_600 + 9_000))
        #expect(try config.value("fraction", as: Date.self) == Date(timeIntervalSince1970: 1_795_602_600.5))
        #expect(try config.value("leap", as: Date.self) == Date(timeIntervalSince1970: 1_835_395_200))
        #expect(throws: ConfigurationError.self) { try config.value("lower", as: Date.self) }
    }

    /// Issue 28: any word made of letters was taken as a locale identifier.
    @Test(arguments: ["english", "xx", "en_XX", "e", "en_GB_blah", "en__GB", "-en"])
    func aLocaleThatIsNotARealIdentifierIsRefused(text: String) throws {
        let config = try configuration(#"{"locale": "\#(text)"}"#)
        let error = try #require(throws: ConfigurationError.self) { try config.value("locale", as: Locale.self) }
        #expect(error.kind == .conversionFailed)
        #expect(error.key == "locale")
        #expect(error.description == """
            Configuration key "locale" ("\(text)") cannot be converted to Locale: its TypeConverter threw: expected a locale \
            identifier: an ISO 639 language code, optionally followed by a script and an ISO 3166 region, separated by _ or - \
            (en, en_GB, en-GB, pt_BR, zh_Hans_CN).
            """)
    }

    @Test(arguments: ["en", "en_GB", "en-GB", "pt-BR", "fr", "zh_Hans_CN", "zh-Hant-TW", "es_419", "en_US_POSIX", "en_DE", "sr_Latn", "haw"])
    func realLocaleIdentifiersAreAccepted(text: String) throws {
        let config = try configuration(#"{"locale": "\#(text)"}"#)
        #expect(try config.value("locale", as: Locale.self).identifier == text)
    }

    @Test func aDurationTooLongToHoldIsAnErrorNotACrash() throws {
        let config = try configuration(#"{"huge": "\#(String(repeating: "9", count: 400))d", "dots": "1.2.3s", "bare": "90", "unit": "m"}"#)
        for key in ["huge", "dots", "bare", "unit"] {
            let error = try #require(throws: ConfigurationError.self) { try config.value(key, as: Duration.self) }
            #expect(error.description.contains("expected a duration, like 250ms, 90s, 5m, 1h30m or 2d"))
        }
    }

    @Test func aRegisteredConverterReplacesTheStandardOne() throws {
        let config = try configuration(#"{"url": "tides"}"#)
            .converting(with: [TypeConverter(URL.self) { text in URL(string: "https://\(text).example")! }])
        #expect(try config.value("url", as: URL.self).absoluteString == "https://tides.example")
    }

    @Test func numbersStillDecodeAsBefore() throws {
        let config = try configuration(#"{"reference": 0}"#)
        #expect(try config.value("reference", as: Date.self) == Date(timeIntervalSinceReferenceDate: 0))
    }
}

final class TideClient2: Sendable {
    let url: URL
    let timeout: Duration
    let zone: TimeZone
    init(url: URL, timeout: Duration, zone: TimeZone) {
        self.url = url
        self.timeout = timeout
        self.zone = zone
    }
}

final class Launch: Sendable {
    let date: Date
    init(date: Date) { self.date = date }
}

final class LaunchAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [launch()] }
    func launch() -> Definition<Launch> { define { Definition(Launch.init(date:), .config("launch", as: Date.self)) } }
}

final class TideServiceAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [client()] }
    func client() -> Definition<TideClient2> {
        define(.lazySingleton) {
            Definition(TideClient2.init(url:timeout:zone:), .config("tides.url"), .config("tides.timeout", as: Duration.self), .converted("UTC"))
        }
    }
}
