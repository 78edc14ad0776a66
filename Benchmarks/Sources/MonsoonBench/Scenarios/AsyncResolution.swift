import Monsoon

/// Scenario 8: Monsoon's asynchronous resolution (`try await factory.resolve`) beside its synchronous one,
/// on the same components. Swinject has no asynchronous resolution, so the comparison is with Monsoon's
/// own synchronous figure for the same operation (scenarios 1b and 3), each less its hand-written
/// baseline: the same loop calling an async closure costs a task-allocated frame and an executor check
/// per operation whatever the closure does, which is the harness's cost, not the resolution's.
struct AsyncScenario {
    let id: String
    let title: String
    /// The scenario whose synchronous Monsoon operation this one awaits.
    let synchronousID: String
    /// Stored as fields, not in a dictionary, whose generic storage would add a reabstraction thunk (an
    /// async frame of its own) to every call.
    let monsoon: () async -> Void
    let hand: () async -> Void
}

func asyncScenarios() -> [AsyncScenario] {
    let factory = makeMonsoonFactory()
    return [
        AsyncScenario(id: "8a", title: "8a. warm singleton, by type", synchronousID: "1b",
                      monsoon: { blackHole(try? await factory.resolve(Service.self)) },
                      hand: { blackHole(HandWritten.warmSingleton()) }),
        AsyncScenario(id: "8b", title: "8b. objectGraph of 20 (diamonds)", synchronousID: "3",
                      monsoon: { escape(try? await factory.resolve(DiamondGraphAssembly.n0)) },
                      hand: { escape(handWrittenDiamondGraph()) }),
    ]
}

/// One row of scenario 8: one operation, synchronous and awaited, each with its hand-written baseline.
struct AsyncRow: Encodable {
    let scenario: String
    let synchronous: Double
    let synchronousBaseline: Double
    let awaited: Double
    let awaitedBaseline: Double
    let unit: String

    /// The resolution's own cost awaited against synchronous, the harness's cost taken out of both.
    var ratio: Double { (awaited - awaitedBaseline) / (synchronous - synchronousBaseline) }
}

/// Scenario 8 timed, in nanoseconds per resolution, beside the synchronous timings of `resolution`.
func asyncRows(_ scenarios: [AsyncScenario], resolution: [Row], _ measurer: Measurer) async -> [AsyncRow] {
    var rows: [AsyncRow] = []
    for scenario in scenarios {
        guard let synchronous = resolution.first(where: { $0.scenario.hasPrefix(scenario.synchronousID + ".") }) else { continue }
        rows.append(AsyncRow(scenario: scenario.title, synchronous: synchronous.monsoon, synchronousBaseline: synchronous.handWritten ?? 0,
                             awaited: await measurer.measure(scenario.monsoon), awaitedBaseline: await measurer.measure(scenario.hand),
                             unit: "ns/op"))
    }
    return rows
}

/// Scenario 8 in instructions, beside the synchronous counts of `instructions`.
func asyncInstructionRows(_ counter: InstructionCounter, scenarios: [AsyncScenario], instructions: [Row]) -> [AsyncRow] {
    scenarios.compactMap { scenario in
        guard let synchronous = instructions.first(where: { $0.scenario.hasPrefix(scenario.synchronousID + ".") }) else { return nil }
        let count = instructionCounts[scenario.synchronousID] ?? 1_000
        return AsyncRow(scenario: scenario.title, synchronous: synchronous.monsoon, synchronousBaseline: synchronous.handWritten ?? 0,
                        awaited: counter.perOperation(scenario.id, .monsoon, count: count) ?? .nan,
                        awaitedBaseline: counter.perOperation(scenario.id, .hand, count: count) ?? .nan, unit: "instr")
    }
}

extension Measurer {
    /// Nanoseconds per operation of an async operation, median over the repetitions.
    func measure(_ operation: () async -> Void) async -> Double {
        var iterations = 1
        let target = nanoseconds(targetDuration)
        while true {
            let start = ContinuousClock.now
            for _ in 0..<iterations { await operation() }
            let elapsed = nanoseconds(ContinuousClock.now - start)
            if elapsed * 4 >= target || iterations >= 1 << 26 {
                iterations = max(1, Int(target / max(elapsed / Double(iterations), 0.01)))
                break
            }
            iterations *= 4
        }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            for _ in 0..<iterations { await operation() }
            samples.append(nanoseconds(ContinuousClock.now - start) / Double(iterations))
        }
        return median(samples)
    }
}
