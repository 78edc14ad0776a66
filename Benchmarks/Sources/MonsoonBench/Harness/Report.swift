import Foundation

/// A performance target and whether this run met it.
struct Target: Encodable {
    let name: String
    let required: String
    let measured: String
    let met: Bool
}

func evaluateTargets(resolution: [Row], activation: [Row], throughput: [ThroughputRow]) -> [Target] {
    var targets = resolution.map { row in
        Target(name: "\(row.scenario): Monsoon vs Swinject", required: "≥ 10×",
               measured: format(row.swinjectOverMonsoon) + "×", met: row.swinjectOverMonsoon >= 10)
    }
    for row in resolution where row.scenario.hasPrefix("3.") || row.scenario.hasPrefix("4.") {
        let ratio = row.monsoonOverHandWritten ?? .infinity
        targets.append(Target(name: "\(row.scenario): Monsoon vs hand-written", required: "≤ 3×",
                              measured: format(ratio) + "×", met: ratio <= 3))
    }
    if activation.count == 2 {
        let growth = activation[1].monsoon / activation[0].monsoon
        targets.append(Target(name: "activation: 10× the definitions", required: "≤ 12× the time",
                              measured: format(growth) + "×", met: growth <= 12))
    }
    if let monsoon = throughput.first(where: { $0.container == "Monsoon" }) {
        targets.append(Target(name: "throughput: 2 threads vs 1", required: "≥ 1.6×",
                              measured: format(monsoon.scaling) + "×", met: monsoon.scaling >= 1.6))
    }
    return targets
}

func textReport(resolution: [Row], throughput: [ThroughputRow], memory: [MemoryRow], targets: [Target], quick: Bool) -> String {
    var lines: [String] = []
    lines.append("Monsoon benchmarks — \(quick ? "quick pass" : "full run"), median of interleaved repetitions, release build")
    lines.append("")
    let header = ["scenario", "Monsoon", "Swinject", "hand-written", "Swinject/Monsoon", "Monsoon/hand"]
    var table = [header]
    for row in resolution {
        table.append([row.scenario, format(row.monsoon) + " " + row.unit, format(row.swinject) + " " + row.unit,
                      row.handWritten.map { format($0) + " " + row.unit } ?? "—",
                      format(row.swinjectOverMonsoon) + "×", row.monsoonOverHandWritten.map { format($0) + "×" } ?? "—"])
    }
    lines += render(table)
    lines.append("")
    var concurrency = [["6. lazy singleton + graph, resolutions/s", "1 thread", "2 threads", "scaling"]]
    for row in throughput {
        concurrency.append([row.container, format(row.oneThread), format(row.twoThreads), format(row.scaling) + "×"])
    }
    lines += render(concurrency)
    if !memory.isEmpty {
        lines.append("")
        var bytes = [["7. heap retained per definition (10,000)", "bytes"]]
        for row in memory { bytes.append([row.container, format(row.bytesPerDefinition)]) }
        lines += render(bytes)
    }
    lines.append("")
    var goals = [["target", "required", "measured", ""]]
    for target in targets { goals.append([target.name, target.required, target.measured, target.met ? "met" : "MISSED"]) }
    lines += render(goals)
    return lines.joined(separator: "\n")
}

func jsonReport(resolution: [Row], throughput: [ThroughputRow], memory: [MemoryRow], targets: [Target]) -> String {
    struct Report: Encodable {
        let resolution: [Row]
        let throughput: [ThroughputRow]
        let memory: [MemoryRow]
        let targets: [Target]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = (try? encoder.encode(Report(resolution: resolution, throughput: throughput, memory: memory, targets: targets))) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

private func render(_ rows: [[String]]) -> [String] {
    let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
        row.enumerated().map { index, cell in
            index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[index] - cell.count) + cell
        }.joined(separator: "  ")
    }
}

func format(_ value: Double) -> String {
    guard value.isFinite else { return "∞" }
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}
