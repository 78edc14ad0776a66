import Foundation

/// Instructions per operation, counted by valgrind's callgrind: this executable runs one scenario
/// under callgrind twice, for N and for 2N operations, and the difference divided by N is the cost of
/// one operation, with start-up, set-up and one-time initialization cancelled out. Instruction counts
/// do not depend on what else the machine is doing, unlike wall time.
struct InstructionCounter {
    let executable: String

    /// `nil` when valgrind is not installed.
    static func available() -> InstructionCounter? {
        let which = Process()
        which.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        which.arguments = ["which", "valgrind"]
        which.standardOutput = FileHandle.nullDevice
        which.standardError = FileHandle.nullDevice
        guard (try? which.run()) != nil else { return nil }
        which.waitUntilExit()
        guard which.terminationStatus == 0 else { return nil }
        return InstructionCounter(executable: ProcessInfo.processInfo.arguments[0])
    }

    func perOperation(_ scenario: String, _ implementation: Implementation, count: Int) -> Double? {
        guard let once = collected(scenario, implementation, count), let twice = collected(scenario, implementation, 2 * count) else {
            return nil
        }
        return Double(twice - once) / Double(count)
    }

    /// The total instruction count callgrind reports for one run of `--measure`.
    private func collected(_ scenario: String, _ implementation: Implementation, _ count: Int) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                             executable, "--measure", scenario, implementation.rawValue, String(count)]
        // A fixed hash seed: dictionary layouts, and so probe lengths, are the same in every run.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_DETERMINISTIC_HASHING": "1"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        // "==1234== Collected : 123456789"
        for line in output.split(separator: "\n") where line.contains("Collected :") {
            return line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }
}

/// How many operations one callgrind run performs (and twice that), per scenario: enough that the
/// difference dwarfs noise, few enough that a run under valgrind takes seconds.
let instructionCounts: [String: Int] = ["1a": 20_000, "1b": 20_000, "2": 20_000, "3": 1_000, "4": 500, "5a": 1, "5b": 1, "5f": 1, "5g": 1, "5h": 1, "5i": 1]

/// Definitions per activation in scenarios 5a, 5b and 5f–5i, to report instructions per definition.
let definitionsPerActivation: [String: Int] = ["5a": 1_000, "5b": 10_000, "5f": 200, "5g": 1_000, "5h": 1_000, "5i": 1_000]

/// Runs one scenario `count` times with nothing else: what callgrind measures (`--measure ID IMPL N`).
func runMeasurement(_ arguments: ArraySlice<String>) async -> Int32 {
    let words = Array(arguments)
    guard words.count == 3, let implementation = Implementation(rawValue: words[1]), let count = Int(words[2]) else {
        FileHandle.standardError.write(Data("usage: monsoon-bench --measure ID monsoon|swinject|hand COUNT\n".utf8))
        return 2
    }
    if let scenario = asyncScenarios().first(where: { $0.id == words[0] }) {
        switch implementation {
        case .monsoon: for _ in 0..<count { await scenario.monsoon() }
        case .hand: for _ in 0..<count { await scenario.hand() }
        case .swinject: return 2
        }
        return 0
    }
    let operation: (() -> Void)?
    if let activation = activationOperations()[words[0]] {
        operation = activation[implementation]
    } else {
        operation = resolutionScenarios().first { $0.id == words[0] }?.operations[implementation]
    }
    guard let operation else {
        FileHandle.standardError.write(Data("no operation \(words[0]) for \(implementation.rawValue)\n".utf8))
        return 2
    }
    for _ in 0..<count { operation() }
    return 0
}

/// Instructions per operation for every scenario and implementation.
func instructionRows(_ counter: InstructionCounter, scenarios: [ResolutionScenario]) -> [Row] {
    var rows: [Row] = []
    for scenario in scenarios {
        let count = instructionCounts[scenario.id] ?? 1_000
        let figures = Implementation.allCases.map { counter.perOperation(scenario.id, $0, count: count) ?? .nan }
        rows.append(Row(scenario: scenario.title, monsoon: figures[0], swinject: figures[1], handWritten: figures[2], unit: "instr"))
    }
    for (id, title) in [("5a", "5a. activation, per definition (1,000)"), ("5b", "5b. activation, per definition (10,000)"),
                        ("5f", "5f. activation, per definition (200 distinct types)"),
                        ("5g", "5g. start-up: activate, resolve each once, per definition (1,000 define(scope) { })"),
                        ("5h", "5h. start-up: activate, resolve each once, per definition (1,000 define { })"),
                        ("5i", "5i. start-up: activate, resolve each once, per definition (1,000, 900 injecting, define(scope) { })")] {
        let definitions = Double(definitionsPerActivation[id] ?? 1)
        let monsoon = (counter.perOperation(id, .monsoon, count: 1) ?? .nan) / definitions
        let swinject = (counter.perOperation(id, .swinject, count: 1) ?? .nan) / definitions
        rows.append(Row(scenario: title, monsoon: monsoon, swinject: swinject, handWritten: nil, unit: "instr"))
    }
    return rows
}
