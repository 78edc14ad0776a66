import Foundation
import Testing
@testable import Monsoon
import MonsoonFormats

@Suite struct PropertyListParserTests {
    private func parse(_ bytes: [UInt8]) -> Result<JSONValue, PropertyListProblem>? {
        PropertyListParser.parse(Data(bytes))
    }

    private func parse(_ text: String) -> Result<JSONValue, PropertyListProblem>? {
        parse(Array(text.utf8))
    }

    private func problem(_ text: String) -> String? {
        if case .failure(let problem)? = parse(text) { return problem.description }
        return nil
    }

    private let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    @Test func listsParseToTheirValues() throws {
        let parsed = try #require(parse(header + """
            <plist version="1.0">
            <!-- a comment between elements -->
            <dict>
                <key>name</key><string>Monsoon &amp; Typhoon &lt;3 &#233;&#x1F327;</string>
                <key>raw</key><string><![CDATA[<not> & markup]]> and more</string>
                <key>empty</key><string/>
                <key>counts</key><array><integer>42</integer><integer>-7</integer><integer>0x1F</integer><real>2.5</real><real>1e3</real></array>
                <key>flags</key><array><true/><false/></array>
                <key>nested</key><dict><key>inner</key><dict/><key>list</key><array/></dict>
            </dict>
            </plist>
            """)).get()
        #expect(parsed == .object([
            "name": .string("Monsoon & Typhoon <3 é🌧"),
            "raw": .string("<not> & markup and more"),
            "empty": .string(""),
            "counts": .array([.int(42), .int(-7), .int(31), .double(2.5), .double(1000)]),
            "flags": .array([.bool(true), .bool(false)]),
            "nested": .object(["inner": .object([:]), "list": .array([])]),
        ]))
        #expect(try parse("<dict><key>a</key><string>b</string></dict>")?.get() == .object(["a": .string("b")]), "the root element may be left out")
        #expect(try parse([0xEF, 0xBB, 0xBF] + Array("<plist><array/></plist>".utf8))?.get() == .array([]), "a byte-order mark is skipped")
    }

    @Test func whatIsNotXMLIsLeftToFoundation() {
        #expect(parse("{ a = (1, 2); }") == nil)
        #expect(parse(Array("bplist00".utf8) + [0, 1, 2]) == nil)
    }

    @Test func theRepositorysListsReadAsFoundationReadsThem() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Fuzz/Seeds/plist")
        let files = try FileManager.default.contentsOfDirectory(at: seeds.standardizedFileURL, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: file)
            let ours = try #require(PropertyListParser.parse(data)).get()
            let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            #expect(ours == (try ConfigurationFormat.value(ofFoundation: foundation, name: file.lastPathComponent)), "\(file.lastPathComponent)")
        }
    }

    @Test func everyProblemNamesItsLineAndColumn() {
        #expect(problem("<plist><dict><key>a</key><string>b</string>") == "the property list ends early at line 1, column 44: an element, comment or declaration is not closed (was the file cut off?)")
        #expect(problem("<plist><dict><string>b</string></dict></plist>") == "invalid property list at line 1, column 14: found <string> where <key> or </dict> should be")
        #expect(problem("<plist><array><key>a</key></array></plist>") == "invalid property list at line 1, column 15: found <key> where a value (<dict>, <array>, <string>, <integer>, <real>, <true/> or <false/>) should be")
        #expect(problem("<plist><dict><key>a</key></dict></plist>") == "invalid property list at line 1, column 26: found </dict> where the value of key \"a\" should be")
        #expect(problem("<plist><array></dict></plist>") == "invalid property list at line 1, column 15: found </dict> where a value or </array> should be")
        #expect(problem("<plist>\n<integer>four</integer></plist>") == "invalid property list at line 2, column 10: \"four\" is not an integer")
        #expect(problem("<plist><string>a &nbsp; b</string></plist>") == "invalid property list at line 1, column 18: an & that starts no entity (write &amp; for &)")
        #expect(problem("<plist><string>a</key></plist>") == "invalid property list at line 1, column 17: found </key> where text or </string> should be")
        #expect(problem("<plist><array/></plist> trailing") == "invalid property list at line 1, column 25: found \"t\" where the end of the document should be")
        #expect(problem("<plist><dict><key>release</key><dict><key>at</key><date>2026-11-23T00:00:00Z</date></dict></dict></plist>")
            == "\"release.at\" is a date (at line 1, column 51), which configuration cannot hold (only dictionaries, arrays, strings, numbers and booleans)")
        #expect(problem("<plist><array><string>x</string><data>AAAA</data></array></plist>")
            == "\"[1]\" is data (at line 1, column 33), which configuration cannot hold (only dictionaries, arrays, strings, numbers and booleans)")
    }

    @Test func invalidUTF8IsNamedAtItsByte() {
        let bytes = Array("<plist><string>caf".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        guard case .failure(let problem)? = parse(bytes) else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(problem.description == "invalid UTF-8 at line 1, column 19 (byte 18): 0xC3 starts a 2-byte character, but the byte after it, 0x28, does not continue it")
    }

    @Test func nestingStopsAtTheLimitWithoutRecursing() throws {
        let atLimit = String(repeating: "<array>", count: NestingLimit.depth) + String(repeating: "</array>", count: NestingLimit.depth)
        #expect(throws: Never.self) { try parse(atLimit)?.get() }
        let past = String(repeating: "<array>", count: 100_000)
        #expect(problem(past) == "dictionaries and arrays are nested more than 64 deep at line 1, column 449")
    }

    @Test func anOpenStepListNestedPastTheLimitIsRefusedBeforeFoundationRecursesIntoIt() throws {
        let folder = try TemporaryFolder()
        let deep = try folder.write("deep.plist", String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000))
        let error = try #require(throws: ConfigurationError.self) { try Configuration(files: [deep]) }
        #expect(error.description == "Configuration file deep.plist cannot be read: dictionaries and arrays are nested more than 64 deep at line 1.")
    }
}
