import Foundation
import Monsoon
import Testing

/// A small deterministic generator (SplitMix64), so a failing input can be reproduced from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Feeds hundreds of mutated and random manifests and configuration files to the loader: every one must
/// either activate or throw a ManifestError, never crash the process.
@Suite struct ManifestFuzzTests {
    static let validManifest = """
        {"version": 1, "assemblies": ["MonsoonTests.GreetingAssembly"], "config": ["config.json"],
         "environments": {"loud": {"assemblies": ["MonsoonTests.ShoutingAssembly"], "config": ["extra.json"]}}}
        """
    static let fragments = [
        "{", "}", "[", "]", ",", ":", "\"", "null", "true", "false", "0", "-1", "1e309", "\"\\u0000\"", "\"$s\"",
        "\"MonsoonTests.\"", "\".GreetingAssembly\"", "\"Swift.Int\"", "\"Foundation.NSObject\"", "\"assemblies\"",
        "\"config\"", "\"version\"", "\"environments\"", "\"../config.json\"", "\"/dev/null\"", "\"\"", "[[[[", "{\"a\":",
        "\"MonsoonTests.NotLoadableAssembly\"", "\"MonsoonTests.NotAnAssembly\"", "\"$sSiD\"", "\"_T0\"",
    ]

    func mutate(_ text: String, using random: inout SeededGenerator) -> String {
        var characters = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !characters.isEmpty:
                characters.remove(at: Int.random(in: 0..<characters.count, using: &random))
            case 1:
                let fragment = Array(Self.fragments.randomElement(using: &random)!.unicodeScalars)
                characters.insert(contentsOf: fragment, at: Int.random(in: 0...characters.count, using: &random))
            case 2 where !characters.isEmpty:
                let index = Int.random(in: 0..<characters.count, using: &random)
                characters[index] = Unicode.Scalar(UInt8.random(in: 32...126, using: &random))
            case 3:
                characters = Array(characters.prefix(Int.random(in: 0...characters.count, using: &random)))
            default:
                let fragment = Array(Self.fragments.randomElement(using: &random)!.unicodeScalars)
                characters += fragment
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: characters)
        return String(result)
    }

    func randomJSON(depth: Int, using random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<(depth > 2 ? 4 : 7), using: &random) {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2: return String(Int.random(in: -1000...1000, using: &random))
        case 3: return Self.fragments.filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") && $0.count > 1 }.randomElement(using: &random)!
        case 4: return "[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in randomJSON(depth: depth + 1, using: &random) }.joined(separator: ",") + "]"
        default:
            let keys = ["version", "assemblies", "config", "environments", "greeting", "loud", "x"]
            return "{" + (0..<Int.random(in: 0...4, using: &random)).map { _ in
                "\"\(keys.randomElement(using: &random)!)\": \(randomJSON(depth: depth + 1, using: &random))"
            }.joined(separator: ",") + "}"
        }
    }

    @Test func mutatedAndRandomManifestsOnlyEverThrow() throws {
        let folder = try TemporaryFolder()
        var random = SeededGenerator(state: 20_261_122)
        var activated = 0, rejected = 0
        for round in 0..<600 {
            try folder.write("config.json", round.isMultiple(of: 3)
                ? mutate(#"{"greeting": "Hello"}"#, using: &random)
                : #"{"greeting": "Hello"}"#)
            try folder.write("extra.json", randomJSON(depth: 0, using: &random))
            let manifest = round.isMultiple(of: 4) ? randomJSON(depth: 0, using: &random) : mutate(Self.validManifest, using: &random)
            let environment = round.isMultiple(of: 2) ? "loud" : nil
            do throws(ManifestError) {
                let factory = try BlockComponentFactory(
                    manifestData: Data(manifest.utf8), configurationFolder: folder.url, environment: environment)
                _ = try? factory.resolve(Greeter.self)
                activated += 1
            } catch {
                #expect(!error.description.isEmpty)
                rejected += 1
            }
        }
        #expect(activated + rejected == 600)
        #expect(activated > 0, "some mutations stay valid")
        #expect(rejected > 300, "most mutations are caught")
    }

    @Test func randomConfigurationDocumentsOnlyEverThrow() {
        var random = SeededGenerator(state: 7)
        var parsed = 0
        for _ in 0..<400 {
            let text = Bool.random(using: &random) ? randomJSON(depth: 0, using: &random) : mutate(#"{"a": {"b": [1, 2]}}"#, using: &random)
            do throws(ConfigurationError) {
                let configuration = try Configuration(json: Data(text.utf8), name: "random.json")
                _ = try? configuration.value("a.b", as: [Int].self)
                _ = try? configuration.value("greeting", as: String.self)
                parsed += 1
            } catch {
                #expect([.notJSON, .notAnObject].contains(error.kind))
            }
        }
        #expect(parsed > 0)
    }
}
