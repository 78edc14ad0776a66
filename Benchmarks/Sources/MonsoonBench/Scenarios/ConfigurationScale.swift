import Foundation
import HeapUsage
import Monsoon

/// Scenario 9: configuration files of a million keys (100,000 in a quick pass), in every format: how long
/// Monsoon takes to read one against Foundation's `JSONSerialization` reading the same content as JSON,
/// merging two of them, suggesting the nearest keys for a missing one, and the peak memory of reading one
/// against its size.
struct ConfigurationRow: Encodable {
    let scenario: String
    let monsoon: Double
    /// What the figure is compared with (JSONSerialization's time, or the file's size), if anything.
    let reference: Double?
    let unit: String

    var ratio: Double? { reference.map { monsoon / $0 } }
}

/// The generated files, written once per run to a temporary folder.
struct ConfigurationFiles {
    let keys: Int
    let folder: URL
    var json: URL { folder.appendingPathComponent("grouped.json") }
    var properties: URL { folder.appendingPathComponent("grouped.properties") }
    var propertyList: URL { folder.appendingPathComponent("grouped.plist") }
    var overriding: URL { folder.appendingPathComponent("override.json") }
    var flat: URL { folder.appendingPathComponent("flat.json") }

    /// `keys` leaf values in groups of 1,000 (`g12.k345`), as JSON, properties and an XML property list;
    /// a second JSON file with the same keys (to merge); and one flat object of `keys` keys.
    init(keys: Int) throws {
        self.keys = keys
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("monsoon-bench-configuration-\(keys)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let groups = max(1, keys / 1_000)
        var json = "{", overridingJSON = "{", properties = "", plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
        for group in 0..<groups {
            json += (group == 0 ? "" : ",") + "\"g\(group)\":{"
            overridingJSON += (group == 0 ? "" : ",") + "\"g\(group)\":{"
            plist += "<key>g\(group)</key><dict>"
            for key in 0..<(keys / groups) {
                json += (key == 0 ? "" : ",") + "\"k\(key)\":\"v\(key)\""
                overridingJSON += (key == 0 ? "" : ",") + "\"k\(key)\":\"w\(key)\""
                properties += "g\(group).k\(key)=v\(key)\n"
                plist += "<key>k\(key)</key><string>v\(key)</string>"
            }
            json += "}"
            overridingJSON += "}"
            plist += "</dict>"
        }
        json += "}"
        overridingJSON += "}"
        plist += "</dict></plist>"
        try Data(json.utf8).write(to: self.json)
        try Data(overridingJSON.utf8).write(to: overriding)
        try Data(properties.utf8).write(to: self.properties)
        try Data(plist.utf8).write(to: propertyList)
        try Data(("{" + (0..<keys).map { "\"key\($0)\":\($0)" }.joined(separator: ",") + "}").utf8).write(to: flat)
    }
}

func configurationRows(quick: Bool) -> [ConfigurationRow] {
    let keys = quick ? 100_000 : 1_000_000
    guard let files = try? ConfigurationFiles(keys: keys) else { return [] }
    let label = quick ? "100,000" : "a million"
    let repetitions = quick ? 1 : 3
    func seconds(_ body: () throws -> Void) -> Double {
        let samples = (0..<repetitions).map { _ in
            let start = ContinuousClock.now
            _ = try? body()
            return nanoseconds(ContinuousClock.now - start) / 1e9
        }
        return median(samples)
    }
    guard let json = try? Data(contentsOf: files.json), let properties = try? Data(contentsOf: files.properties),
          let plist = try? Data(contentsOf: files.propertyList) else { return [] }
    let foundation = seconds { _ = try JSONSerialization.jsonObject(with: json) }
    var rows = [
        ConfigurationRow(scenario: "9a. JSON, \(label) keys, vs JSONSerialization", monsoon: seconds { _ = try Configuration(files: [files.json]) },
                         reference: foundation, unit: "s"),
        ConfigurationRow(scenario: "9b. properties, \(label) keys, vs JSONSerialization of the JSON", monsoon: seconds { _ = try Configuration(files: [files.properties]) },
                         reference: foundation, unit: "s"),
        ConfigurationRow(scenario: "9c. property list, \(label) keys, vs JSONSerialization of the JSON", monsoon: seconds { _ = try Configuration(files: [files.propertyList]) },
                         reference: foundation, unit: "s"),
        ConfigurationRow(scenario: "9c'. property list, \(label) keys, vs PropertyListSerialization", monsoon: seconds { _ = try Configuration(files: [files.propertyList]) },
                         reference: seconds { _ = try PropertyListSerialization.propertyList(from: plist, options: [], format: nil) }, unit: "s"),
    ]
    if let base = try? Configuration(files: [files.json]), let overriding = try? Configuration(files: [files.overriding]) {
        rows.append(ConfigurationRow(scenario: "9d. merging two configurations of \(label) keys", monsoon: seconds {
            let merged = base.overriding(with: overriding)
            _ = try merged.value("g0.k0", as: String.self)
        }, reference: nil, unit: "s"))
    }
    if let flat = try? Configuration(files: [files.flat]) {
        rows.append(ConfigurationRow(scenario: "9e. suggestions for a missing key among \(label)", monsoon: seconds {
            _ = try? flat.value("kye12345", as: Int.self)
        }, reference: nil, unit: "s"))
    }
    for (name, url, size) in [("JSON", files.json, json.count), ("properties", files.properties, properties.count), ("property list", files.propertyList, plist.count)] {
        if let peak = peakBytes(reading: url) {
            rows.append(ConfigurationRow(scenario: "9f. peak memory reading \(label) keys of \(name), vs the file's size", monsoon: Double(peak),
                                         reference: Double(size), unit: "B"))
        }
    }
    return rows
}

/// The peak heap a fresh process adds while reading `url`: measured in a child process
/// (`--measure-memory PATH`), so that nothing this run allocated before counts.
func peakBytes(reading url: URL) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
    process.arguments = ["--measure-memory", url.path]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// What `--measure-memory PATH` runs: reads the file as configuration and prints the peak heap bytes
/// that took, the file's own bytes included.
func measureMemory(reading path: String) -> Int32 {
    heap_peak_tracking_start()
    let before = heap_peak_bytes()
    guard let configuration = try? Configuration(files: [URL(fileURLWithPath: path)]) else { return 1 }
    let after = heap_peak_bytes()
    withExtendedLifetime(configuration) {}
    print(Int(after) - Int(before))
    return 0
}
