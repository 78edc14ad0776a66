import Foundation
import Testing
@testable import Monsoon
import MonsoonFormats

@Suite struct JSONParserTests {
    private func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxProblem> {
        JSONParser.parse(Data(bytes))
    }

    private func parse(_ text: String) -> Result<JSONValue, JSONSyntaxProblem> {
        parse(Array(text.utf8))
    }

    private func problem(_ text: String) -> String? {
        if case .failure(let problem) = parse(text) { return problem.description }
        return nil
    }

    @Test func documentsParseToTheirValues() throws {
        let parsed = try parse(#" {"a": [1, -2, 3.5, 1e3, true, false, null, "x\"y\\z\/\n\u00e9\ud83c\udf27"], "b": {}, "c": []} "#).get()
        #expect(parsed == .object([
            "a": .array([.int(1), .int(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null, .string("x\"y\\z/\né🌧")]),
            "b": .object([:]), "c": .array([]),
        ]))
        #expect(try parse("9223372036854775807").get() == .int(Int.max))
        #expect(try parse("9223372036854775808").get() == .double(9_223_372_036_854_775_808))
        #expect(try parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).get() == .array([.int(1)]), "a byte-order mark is skipped")
    }

    /// Found by libFuzzer: the old scanner stepped past the end after a backslash and crashed.
    @Test(arguments: [#""\"#, #"{"a":"\"#, #"["\u12"#, #""\u"#])
    func aDocumentEndingInsideAnEscapeIsCutOff(text: String) {
        #expect(problem(text)?.hasPrefix("the JSON ends early at line 1") == true)
    }

    @Test func invalidUTF8IsReportedAtItsByte() throws {
        // A two-byte sequence whose second byte does not continue it.
        guard case .failure(let broken) = parse(Array(#"{"x": ["#.utf8) + [0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D, 0x7D]) else {
            Issue.record("a broken two-byte sequence must be rejected")
            return
        }
        #expect(broken.description == "invalid UTF-8 at line 1, column 10 (byte 9): 0xC3 starts a 2-byte character, but the byte after it, 0x28, does not continue it")
        #expect(broken.byteOffset == 9)
        // Outside a string, where a value should start.
        guard case .failure(let outside) = parse(Array("[1, ".utf8) + [0xFF, 0x5D]) else {
            Issue.record("0xFF must be rejected")
            return
        }
        #expect(outside.description == "invalid UTF-8 at line 1, column 5 (byte 4): 0xFF is not part of a valid character")
        // Inside a string: reported where it is, column 51 here (Foundation's rejection said line 1, column 1).
        let inString = Array(#"{"name": ""#.utf8) + Array(String(repeating: "b", count: 40).utf8) + [0xFF] + Array(#""}"#.utf8)
        guard case .failure(let located) = parse(inString) else {
            Issue.record("0xFF in a string must be rejected")
            return
        }
        #expect(located.description == "invalid UTF-8 at line 1, column 51 (byte 50): 0xFF is not part of a valid character")
    }

    @Test func nestingStopsAtTheOneLimitWithoutRecursing() {
        let atLimit = String(repeating: "[", count: NestingLimit.depth) + String(repeating: "]", count: NestingLimit.depth)
        #expect(problem(atLimit) == nil)
        let past = "[" + atLimit + "]"
        #expect(problem(past) == "arrays and objects are nested more than 64 deep at line 1, column 65")
        let hostile = String(repeating: "{\"a\":", count: 100_000)
        #expect(problem(hostile) == "arrays and objects are nested more than 64 deep at line 1, column 321")
    }

    @Test(arguments: [
        ("{\"a\" 1}", "invalid JSON at line 1, column 6: found '1' where ':' should be"),
        ("[1,]", "invalid JSON at line 1, column 4: found ']' where a value should be"),
        ("{\"a\":1,}", "invalid JSON at line 1, column 8: found '}' where a quoted key should be"),
        ("[01]", "invalid JSON at line 1, column 3: found '1' where ',' or ']' should be"),
        ("[1.]", "invalid JSON at line 1, column 4: found ']' where a digit after '.' should be"),
        ("\"a\nb\"", "invalid JSON at line 1, column 3: found '\n' where a closing '\"' (strings cannot contain line breaks or control characters) should be"),
        ("\"\\x\"", "invalid JSON at line 1, column 3: found 'x' where an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX) should be"),
        ("\"\\ud800\"", "invalid JSON at line 1, column 8: found '\"' where the second half of a surrogate pair (\\uDC00 to \\uDFFF) should be"),
        ("nul", "the JSON ends early at line 1, column 4: an object, array or string is not closed (was the file cut off?)"),
    ])
    func mistakesAreNamedWhereTheyAre(text: String, message: String) {
        #expect(problem(text) == message)
    }

    /// Random documents, written by Foundation's encoder, read back the same.
    @Test func whatFoundationWritesIsReadBackTheSame() throws {
        var random = SeededGenerator(state: 19)
        for _ in 0..<300 {
            let value = randomValue(depth: 0, using: &random)
            let data = try JSONEncoder().encode(value)
            #expect(try JSONParser.parse(data).get() == value, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    private func randomValue(depth: Int, using random: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 4 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: Int.min...Int.max, using: &random))
        case 3: return .double(Double(Int.random(in: -1_000_000...1_000_000, using: &random)) + 0.25)
        case 4:
            let scalars = (0..<Int.random(in: 0..<12, using: &random)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 1...0x1F400, using: &random))
            }
            return .string(String(String.UnicodeScalarView(scalars)))
        case 5: return .array((0..<Int.random(in: 0..<5, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0..<5, using: &random) { object.set(randomValue(depth: depth + 1, using: &random), forKey: "k\(index)") }
            return .object(object)
        }
    }
}
