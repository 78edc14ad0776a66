import Foundation
import Monsoon
import Testing

@Suite("Configuration from property lists and properties files")
struct ConfigurationFormatTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aPropertyListAndAPropertiesFileMergeWithJSONAndInjectLikeIt() throws {
        let plist = try folder.write("base.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>app</key><dict><key>name</key><string>Camelot</string></dict>
              <key>service</key><dict>
                <key>baseURL</key><string>https://weather.invalid/v1</string>
                <key>retries</key><integer>3</integer>
                <key>timeout</key><real>2.5</real>
                <key>verbose</key><false/>
                <key>regions</key><array><string>eu</string><string>us</string></array>
                <key>limits</key><dict><key>daily</key><integer>100</integer></dict>
                <key>endpoint</key><dict><key>host</key><string>a.invalid</string><key>port</key><integer>80</integer></dict>
              </dict>
            </dict></plist>
            """)
        let properties = try folder.write("overrides.properties", """
            # Typhoon-style overrides: every value is a string, converted when injected.
            service.retries = 5
            service.verbose: yes
            ! another comment
            service.timeout=0.75
            """)
        let configuration = try Configuration(files: [plist, properties])
        let factory = try BlockComponentFactory(assemblies: [SettingsAssembly()], configuration: configuration)
        let settings = try factory.resolve(SettingsAssembly.settings)
        #expect(settings.baseURL == URL(string: "https://weather.invalid/v1"))
        #expect(settings.retries == 5)
        #expect(settings.verbose == true)
        #expect(settings.timeout == 0.75)
        #expect(settings.regions == ["eu", "us"])
        #expect(settings.limits == ["daily": 100])
        #expect(settings.endpoint == Endpoint(host: "a.invalid", port: 80))
        #expect(configuration.source(of: "service.retries") == "overrides.properties")
        #expect(configuration.source(of: "app.name") == "base.plist")
    }

    @Test(arguments: [("yes", true), ("No", false), ("TRUE", true), ("off", false), ("1", true), ("0", false)])
    func stringsSpellingABooleanConvert(text: String, expected: Bool) throws {
        let configuration = try Configuration(json: Data(#"{"flag": "\#(text)"}"#.utf8), name: "flags.json")
        #expect(try configuration.value("flag", as: Bool.self) == expected)
    }

    @Test func aStringThatSpellsNoValueOfTheTypeIsATypedError() throws {
        let configuration = try Configuration(json: Data(#"{"flag": "maybe", "count": "three"}"#.utf8), name: "flags.json")
        let flag = try #require(throws: ConfigurationError.self) { try configuration.value("flag", as: Bool.self) }
        #expect(flag.description == #"Configuration key "flag" in flags.json is a string, which cannot be converted to Bool."#)
        #expect(throws: ConfigurationError.self) { try configuration.value("count", as: Int.self) }
        #expect(try configuration.value("count", as: String.self) == "three")
    }

    @Test func aMalformedPropertiesLineNamesItsLine() throws {
        let missingSeparator = try folder.write("broken.properties", "service.retries = 3\nservice.verbose\n")
        let error = try #require(throws: ConfigurationError.self) { try Configuration(files: [missingSeparator]) }
        #expect(error.kind == .malformedProperties)
        #expect(error.description == "Configuration file broken.properties, line 2: it has no `=` between a key and a value. Write one `key=value` per line.")

        // The key that holds the value is named, with the line that made it one.
        let conflict = try folder.write("conflict.properties", "service=on\n# retries\nservice.retries=3\n")
        let conflicting = try #require(throws: ConfigurationError.self) { try Configuration(files: [conflict]) }
        #expect(conflicting.description == """
            Configuration file conflict.properties, line 3: "service.retries" needs "service" to be a group of keys, \
            but line 1 gives "service" a value. Rename one of the two keys.
            """)
        let reversed = try folder.write("reversed.properties", "service.retries=3\nservice=on\n")
        let reversing = try #require(throws: ConfigurationError.self) { try Configuration(files: [reversed]) }
        #expect(reversing.description == """
            Configuration file reversed.properties, line 2: "service" is a group of keys (line 1 has a key inside it), \
            so it cannot also have a value. Rename one of the two keys.
            """)
    }

    /// Foundation's parser recurses once per level: a deeper file is refused before it reads it.
    @Test func aPropertyListNestedPastTheLimitIsRefusedWithItsLine() throws {
        let deep = "<plist version=\"1.0\">\n" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</plist>"
        let file = try folder.write("deep.plist", deep)
        let error = try #require(throws: ConfigurationError.self) { try Configuration(files: [file]) }
        #expect(error.description == "Configuration file deep.plist cannot be read: dictionaries and arrays are nested more than 64 deep at line 2, column 449.")
        let atLimit = "<plist version=\"1.0\"><dict><key>a</key>" + String(repeating: "<array>", count: 63) + String(repeating: "</array>", count: 63) + "</dict></plist>"
        #expect(throws: Never.self) { try Configuration(files: [try folder.write("limit.plist", atLimit)]) }
    }

    @Test func aPropertiesFileWithInvalidUTF8NamesTheByte() throws {
        var bytes = Array("app.name=Camelot\napp.motto=Ni".utf8)
        bytes.append(0xFF)
        let file = folder.url.appendingPathComponent("bad.properties")
        try Data(bytes + Array("!\n".utf8)).write(to: file)
        let error = try #require(throws: ConfigurationError.self) { try Configuration(files: [file]) }
        #expect(error.description == """
            Configuration file bad.properties, line 2: invalid UTF-8 at column 13 (byte 29): 0xFF is not part of a valid character. \
            Save the file as UTF-8.
            """)
    }

    /// Issue 28: "café" saved as Latin-1 (0xE9 then the closing quote) was reported at the quote, as
    /// "0x22 is not part of a valid character". Every reader names the byte that breaks the text.
    @Test func latin1TextIsReportedAtItsOwnByteInEveryFormat() throws {
        let json = Array(#"{"service": {"greeting": "Welcome to the Old Grand Caf"#.utf8) + [0xE9] + Array(#""}}"#.utf8)
        let fromJSON = try #require(throws: ConfigurationError.self) { try Configuration(json: Data(json), name: "app.json") }
        #expect(fromJSON.description == """
            Configuration file app.json is not valid JSON: invalid UTF-8 at line 1, column 55 (byte 54): \
            0xE9 starts a 3-byte character, but the byte after it, 0x22, does not continue it.
            """)
        let plist = Array("<plist><dict>\n<key>greeting</key><string>Caf".utf8) + [0xE9] + Array("</string></dict></plist>".utf8)
        let plistFile = folder.url.appendingPathComponent("app.plist")
        try Data(plist).write(to: plistFile)
        let fromPlist = try #require(throws: ConfigurationError.self) { try Configuration(files: [plistFile]) }
        #expect(fromPlist.description == """
            Configuration file app.plist cannot be read: invalid UTF-8 at line 2, column 31 (byte 44): \
            0xE9 starts a 3-byte character, but the byte after it, 0x3C, does not continue it.
            """)
        let properties = Array("greeting=Caf".utf8) + [0xE9]
        let propertiesFile = folder.url.appendingPathComponent("app.properties")
        try Data(properties).write(to: propertiesFile)
        let fromProperties = try #require(throws: ConfigurationError.self) { try Configuration(files: [propertiesFile]) }
        #expect(fromProperties.description == """
            Configuration file app.properties, line 1: invalid UTF-8 at column 13 (byte 12): \
            0xE9 starts a 3-byte character, but the file ends after it. Save the file as UTF-8.
            """)
    }

    /// Bytes that begin a character and continue it, but encode none: a surrogate here.
    @Test func anEncodedSurrogateIsNamedWithItsBytes() throws {
        let json = Array(#"{"a": "x"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)
        let error = try #require(throws: ConfigurationError.self) { try Configuration(json: Data(json), name: "app.json") }
        #expect(error.description == """
            Configuration file app.json is not valid JSON: invalid UTF-8 at line 1, column 9 (byte 8): \
            0xED 0xA0 0x80 does not encode a character (it is an overlong form, a surrogate or past U+10FFFF).
            """)
    }

    /// Used to overflow the stack: the insert recursed once per dotted part.
    @Test func aKeyWithThousandsOfPartsIsATypedError() throws {
        let key = Array(repeating: "a", count: 3_000).joined(separator: ".")
        let file = try folder.write("deep.properties", key + "=1\n")
        let error = try #require(throws: ConfigurationError.self) { try Configuration(files: [file]) }
        #expect(error.description.hasPrefix("Configuration file deep.properties, line 1: \"a.a.a."))
        #expect(error.description.hasSuffix("…\" has 3000 dotted parts, and keys nest at most 64 deep. Use fewer dots."))
    }

    /// Used to copy the group at every insert (80,000 keys took 104 s); the benchmarks' configuration
    /// rows measure how long a million keys take.
    @Test func manyKeysInOneGroupAreRead() throws {
        let lines = (0..<80_000).map { "group.key\($0)=\($0)" }.joined(separator: "\n")
        let file = try folder.write("wide.properties", lines)
        let configuration = try Configuration(files: [file])
        #expect(try configuration.value("group.key79999", as: Int.self) == 79_999)
    }

    @Test func aPropertyListThatIsNotOneOrHoldsADateIsATypedError() throws {
        let notAList = try folder.write("broken.plist", "{ this is not a plist")
        let error = try #require(throws: ConfigurationError.self) { try Configuration(files: [notAList]) }
        #expect(error.kind == .notPropertyList)
        #expect(error.description == "Configuration file broken.plist cannot be read: it is not a property list (Unexpected character { at line 1).")

        let withDate = try folder.write("dated.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>release</key><dict><key>at</key><date>2026-11-23T00:00:00Z</date></dict></dict></plist>
            """)
        let dated = try #require(throws: ConfigurationError.self) { try Configuration(files: [withDate]) }
        #expect(dated.description.hasPrefix(#"Configuration file dated.plist cannot be read: "release.at" is "#))
    }
}
