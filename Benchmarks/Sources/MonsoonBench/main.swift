import Foundation

// monsoon-bench: Monsoon, Swinject and hand-written construction, side by side, in one run.
//   --quick         a short pass (CI): fewer repetitions, shorter measurements
//   --instructions  also count instructions per operation with valgrind's callgrind (a few minutes)
//   --json          machine-readable output
//   --gate          exit 1 when a gated target (instruction counts, heap bytes) is missed: what CI runs, with
//                   --instructions --quick
//   --measure ID IMPL N   run one operation N times and exit (what --instructions runs under callgrind)
//   --heap          only the heap kept per definition (scenario 7), and exit
//   --sessions      only the heap before and after a thousand log-ins and log-outs (child, close), and exit
//   --child-cost    only the heap and time of a child over a parent of 10,000 definitions, and exit

if let index = CommandLine.arguments.firstIndex(of: "--measure-memory"), index + 1 < CommandLine.arguments.count {
    let status = measureMemory(reading: CommandLine.arguments[index + 1])
    if status != 0 { exit(status) }
} else if CommandLine.arguments.contains("--heap") {
    for row in memoryRows() { print("\(row.container): \(Int(row.bytesPerDefinition)) bytes per definition") }
} else if CommandLine.arguments.contains("--sessions") {
    if let heap = await sessionHeap() {
        print("heap in use after 100 sessions: \(heap.warm) bytes; after \(heap.sessions) more: \(heap.after) bytes "
              + "(\((heap.after - heap.warm) / heap.sessions) bytes per session)")
    } else {
        print("the heap cannot be read here")
    }
} else if CommandLine.arguments.contains("--child-cost") {
    if let cost = childCost() {
        print("a child over \(cost.parentDefinitions) definitions: \(cost.bytesPerChild) bytes (\(cost.bytesPerChild / cost.parentDefinitions) "
              + "per parent definition), \(Int(cost.microsecondsPerChild)) µs")
    } else {
        print("the heap cannot be read here")
    }
} else if let index = CommandLine.arguments.firstIndex(of: "--measure") {
    // Returns rather than calling `exit` on success: under valgrind, `exit` from the async top level
    // (the main queue's thread after `dispatchMain`) brings valgrind itself down.
    let status = await runMeasurement(CommandLine.arguments[(index + 1)...])
    if status != 0 { exit(status) }
} else {
    await runBenchmarks()
}

/// The whole run: checks, timings, instruction counts when asked, the report.
func runBenchmarks() async {
    let arguments = Set(CommandLine.arguments.dropFirst())
    let quick = arguments.contains("--quick")
    let measurer = Measurer(repetitions: quick ? 5 : 7, targetDuration: quick ? .milliseconds(4) : .milliseconds(40))

    let scenarios = resolutionScenarios()
    let failures = verify(scenarios) + verifyStartUp()
    guard failures.isEmpty else {
        FileHandle.standardError.write(Data(("A scenario builds the wrong thing:\n" + failures.joined(separator: "\n") + "\n").utf8))
        exit(1)
    }

    let resolution = resolutionRows(scenarios, measurer)
    let awaitedScenarios = asyncScenarios()
    var awaited = await asyncRows(awaitedScenarios, resolution: resolution, measurer)
    let activation = activationRows(Measurer(repetitions: quick ? 5 : 9, targetDuration: .zero))
    let throughput = throughputRows(operationsPerThread: quick ? 2_000 : 20_000, repetitions: quick ? 5 : 7)
    let memory = memoryRows()
    let configuration = configurationRows(quick: quick)
    guard let start = await startRow(repetitions: quick ? 3 : 7) else {
        FileHandle.standardError.write(Data("Scenario 10 (start()) failed to build, or reported the wrong critical path.\n".utf8))
        exit(1)
    }
    var instructions: [Row] = []
    if arguments.contains("--instructions") {
        if let counter = InstructionCounter.available() {
            instructions = instructionRows(counter, scenarios: scenarios)
            awaited += asyncInstructionRows(counter, scenarios: awaitedScenarios, instructions: instructions)
        } else {
            FileHandle.standardError.write(Data("--instructions needs valgrind (apt-get install valgrind)\n".utf8))
            exit(2)
        }
    }
    let targets = evaluateTargets(instructions: instructions, awaited: awaited, activation: activation, throughput: throughput, memory: memory,
                                  configuration: configuration, start: start)

    if arguments.contains("--json") {
        print(jsonReport(resolution: resolution + activation, instructions: instructions, awaited: awaited, throughput: throughput, memory: memory,
                         configuration: configuration, start: start, targets: targets))
    } else {
        print(textReport(resolution: resolution + activation, instructions: instructions, awaited: awaited, throughput: throughput,
                         memory: memory, configuration: configuration, start: start, targets: targets, quick: quick))
    }
    let missed = targets.filter { $0.gated && !$0.met }
    if arguments.contains("--gate"), !missed.isEmpty {
        let lines = missed.map { "  \($0.name): \($0.measured), at most \($0.required.dropFirst(2))" }
        FileHandle.standardError.write(Data(("A gated target is missed (Benchmarks/Sources/MonsoonBench/Harness/Report.swift):\n"
                                             + lines.joined(separator: "\n") + "\n").utf8))
        exit(1)
    }
}
