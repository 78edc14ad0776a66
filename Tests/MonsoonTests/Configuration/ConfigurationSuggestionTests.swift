import Foundation
import Testing
@testable import Monsoon
import MonsoonFormats

@Suite struct ConfigurationSuggestionTests {
    private func configuration(_ json: String) throws -> Configuration {
        try Configuration(json: Data(json.utf8), name: "app.json")
    }

    private func missing(_ key: String, in configuration: Configuration) -> String? {
        do throws(ConfigurationError) {
            _ = try configuration.value(key, as: String.self)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMisspeltKeyIsCorrectedWhereItGoesMissing() throws {
        let app = try configuration(#"{"service": {"baseURL": "https://a.invalid", "retries": 3}, "display": {"units": "metric"}}"#)
        #expect(missing("service.retrys", in: app) == #"Configuration key "service.retrys" is missing (searched app.json). Did you mean: service.retries?"#)
        #expect(missing("servce.baseURL", in: app) == #"Configuration key "servce.baseURL" is missing (searched app.json). Did you mean: service.baseURL?"#)
        #expect(missing("dsplay", in: app) == #"Configuration key "dsplay" is missing (searched app.json). Did you mean: display?"#)
        #expect(missing("weather.city", in: app) == #"Configuration key "weather.city" is missing (searched app.json)."#)
    }

    /// Used to compare the key with every key of the file: 20 s at a million keys.
    @Test func suggestionsAmongAMillionKeysLookOnlyWhereTheKeyGoesMissing() throws {
        var object = JSONObject()
        for index in 0..<200_000 { object.set(.int(index), forKey: "key\(index)") }
        let large = Configuration(sources: [Configuration.Source(name: "large.json", root: ["group": .object(object), "other": .int(1)])])
        #expect(missing("groop.key12", in: large) == #"Configuration key "groop.key12" is missing (searched large.json). Did you mean: group.key12?"#)
        #expect(missing("group.key1x2", in: large)?.hasPrefix(#"Configuration key "group.key1x2" is missing (searched large.json). Did you mean: group.key1"#) == true)
    }

    @Test func originsAndSourcesFollowTheLastFileThatSuppliedAValue() throws {
        let base = Configuration.Source(name: "base.json", root: ["service": .object(["url": .string("a"), "retries": .int(1)]), "mode": .string("fast")])
        let override = Configuration.Source(name: "test.json", root: ["service": .object(["retries": .int(0)]), "mode": .object(["level": .int(2)])])
        let merged = Configuration(sources: [base, override])
        #expect(merged.origins == ["service.url": "base.json", "service.retries": "test.json", "mode.level": "test.json"])
        #expect(merged.source(of: "service") == "test.json")
        #expect(merged.source(of: "service.url") == "base.json")
        #expect(try merged.value("service.retries", as: Int.self) == 0)
        #expect(try merged.value("service.url", as: String.self) == "a")
    }

    /// The bounded, banded distance agrees with the textbook one wherever it answers.
    @Test func theBoundedDistanceIsLevenshteinWithinItsBound() {
        var random = SeededGenerator(state: 7)
        let alphabet = Array("abcAB.é")
        for _ in 0..<2_000 {
            let first = String((0..<Int.random(in: 0..<9, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let second = String((0..<Int.random(in: 0..<9, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let reference = levenshtein(Array(first.lowercased()), Array(second.lowercased()))
            for bound in 0...4 {
                var measure = BoundedEditDistance(target: Array(first.lowercased().unicodeScalars), threshold: bound)
                let bounded = measure.distance(to: second, atMost: bound)
                #expect(bounded == (reference <= bound ? reference : nil), "\(first) → \(second), bound \(bound)")
            }
        }
    }

    private func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// The bounded distance against a plain Levenshtein distance on random names, cased and uncased, ASCII
/// and not: the length and character-count shortcuts may only rule out what is really too far.
@Suite struct BoundedEditDistanceTests {
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    private func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var next = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                next[j] = min(row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), row[j] + 1, next[j - 1] + 1)
            }
            row = next
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    @Test func agreesWithThePlainDistanceWithinTheBound() {
        var random = SeededGenerator(state: 20)
        let alphabet = Array("abcABC12.é_ß")
        func name() -> String { String((0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
        for _ in 0..<3_000 {
            let target = name(), candidate = name()
            let bound = Int.random(in: 0...4, using: &random)
            let targetScalars = Array(target.lowercased().unicodeScalars)
            var measure = BoundedEditDistance(target: targetScalars, threshold: bound)
            let expected = levenshtein(targetScalars, Array(candidate.lowercased().unicodeScalars))
            #expect(measure.distance(to: candidate, atMost: bound) == (expected <= bound ? expected : nil), "\(target) / \(candidate) within \(bound)")
        }
    }
}
