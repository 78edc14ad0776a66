import Foundation
import Testing

/// Replays every input the fuzzers ever failed on (Fuzz/Regressions) and their seeds (Fuzz/Seeds)
/// through the same targets: each must end in a value or a typed error, never crash the process.
@Suite struct FuzzRegressionTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static var inputs: [(target: String, file: String)] {
        FuzzTarget.names.flatMap { target in
            ["Regressions", "Seeds"].flatMap { kind in
                let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target)
                let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                return files.sorted().map { (target, folder.appendingPathComponent($0).path) }
            }
        }
    }

    @Test func everyKeptInputIsReplayed() {
        #expect(Self.inputs.contains { $0.file.hasSuffix("Regressions/json/backslash-at-end") })
        #expect(Self.inputs.contains { $0.file.hasSuffix("Regressions/manifest/backslash-at-end") })
    }

    @Test(arguments: inputs.map { "\($0.target) \($0.file)" })
    func aKeptInputEndsInAValueOrATypedError(_ input: String) throws {
        let target = String(input.prefix { $0 != " " })
        let data = try Data(contentsOf: URL(fileURLWithPath: String(input.dropFirst(target.count + 1))))
        FuzzTarget.run(target, data)
    }
}
