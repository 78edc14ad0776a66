import Foundation

// monsoon-bench: Monsoon, Swinject and hand-written construction, side by side, in one run.
//   --quick    a short pass (CI): fewer repetitions, shorter measurements
//   --json     machine-readable output

let arguments = Set(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let measurer = Measurer(repetitions: quick ? 5 : 7, targetDuration: quick ? .milliseconds(4) : .milliseconds(40))

let resolution = resolutionRows(measurer)
let activation = activationRows(Measurer(repetitions: quick ? 5 : 9, targetDuration: .zero))
let throughput = throughputRows(operationsPerThread: quick ? 2_000 : 20_000, repetitions: quick ? 5 : 7)
let memory = memoryRows()
let targets = evaluateTargets(resolution: resolution, activation: activation, throughput: throughput)

if arguments.contains("--json") {
    print(jsonReport(resolution: resolution + activation, throughput: throughput, memory: memory, targets: targets))
} else {
    print(textReport(resolution: resolution + activation, throughput: throughput, memory: memory, targets: targets, quick: quick))
}
