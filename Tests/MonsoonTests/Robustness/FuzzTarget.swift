import Foundation
#if !MONSOON_FUZZ_BUILD
@testable import Monsoon
import MonsoonFormats
#endif

/// What each fuzz target does with one input (Fuzz/run compiles this file into the fuzzer; the test
/// suite replays every kept input through it, `FuzzRegressionTests`). Every input must end in a value or
/// a typed error: a crash or a hang is a finding.
enum FuzzTarget {
    static let names = ["manifest", "json", "properties", "plist"]

    static func run(_ target: String, _ data: Data) {
        switch target {
        case "manifest":
            if case .success(let value) = JSONValue.parse(data) { _ = try? Manifest(value, name: "fuzz.json") }
        case "json":
            exercise(data, name: "fuzz.json")
        case "properties":
            exercise(data, name: "fuzz.properties")
        case "plist":
            exercise(data, name: "fuzz.plist")
        default:
            break
        }
    }

    /// Reads `data` as a configuration file and looks values up in it, as a factory would.
    private static func exercise(_ data: Data, name: String) {
        guard let source = try? Configuration.source(data, name: name) else { return }
        let configuration = Configuration(sources: [source, source])
        for key in source.root.keys.prefix(8) {
            _ = try? configuration.value(key, as: String.self)
            _ = try? configuration.value(key + ".missing", as: Int.self)
            _ = configuration.source(of: key)
        }
        _ = try? configuration.value("service.url", as: URL.self)
        _ = configuration.origins
    }
}
