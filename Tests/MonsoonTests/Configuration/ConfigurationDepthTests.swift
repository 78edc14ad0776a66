import Foundation
import Monsoon
import Testing

/// A recursive value a component might read from configuration: as deep as the file is.
private indirect enum NestedSetting: Decodable, Equatable {
    case leaf(Int)
    case node([String: NestedSetting])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) { self = .leaf(number) } else { self = .node(try container.decode([String: NestedSetting].self)) }
    }

    var depth: Int {
        switch self {
        case .leaf: 0
        case .node(let children): 1 + (children.values.map(\.depth).max() ?? 0)
        }
    }
}

@Suite struct ConfigurationDepthTests {
    /// Used to overflow inside Foundation's coders at about 200 levels on a 512 KiB thread (the size of
    /// Apple's secondary threads): files now nest at most 64 deep, and reading the deepest value fits.
    @Test func theDeepestValueAFileMayHoldIsReadOnASmallStack() throws {
        let depth = 64
        let json = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let configuration = try Configuration(json: Data(json.utf8), name: "deep.json")
        let outcome = onThread(stackSize: 512 * 1024) {
            Result { () throws(ConfigurationError) in try configuration.value("a", as: NestedSetting.self) }
        }
        let tree = try outcome.get()
        #expect(tree.depth == depth - 1)
    }

    @Test func aFileNestedDeeperThanTheLimitIsATypedErrorInEveryFormat() throws {
        let json = String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)
        let error = try #require(throws: ConfigurationError.self) { try Configuration(json: Data(json.utf8), name: "deep.json") }
        #expect(error.description == "Configuration file deep.json is not valid JSON: arrays and objects are nested more than 64 deep at line 1, column 321.")
    }
}
