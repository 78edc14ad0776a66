import Dispatch
import Monsoon
import Swinject

/// Scenario 6: resolutions per second of a warm lazy singleton and a 20-component object graph,
/// alternately, on one thread and on two threads at once.
struct ThroughputRow: Encodable {
    let container: String
    let oneThread: Double
    let twoThreads: Double
    var scaling: Double { twoThreads / oneThread }
}

func throughputRows(operationsPerThread: Int, repetitions: Int) -> [ThroughputRow] {
    let factory = makeMonsoonFactory()
    let container = makeSwinjectContainer()
    let synchronized = container.synchronize()
    let monsoon: () -> Void = {
        blackHole(try? factory.resolve(BenchAssembly.worker))
        blackHole(try? factory.resolve(DiamondGraphAssembly.n0))
    }
    let swinject: () -> Void = {
        blackHole(synchronized.resolve(Worker.self))
        blackHole(synchronized.resolve(Node.self, name: "diamond0"))
    }
    var results: [String: (one: [Double], two: [Double])] = ["Monsoon": ([], []), "Swinject": ([], [])]
    for _ in 0..<repetitions {
        for (name, operation) in [("Monsoon", monsoon), ("Swinject", swinject)] {
            results[name]?.one.append(throughput(threads: 1, operations: operationsPerThread, operation))
            results[name]?.two.append(throughput(threads: 2, operations: operationsPerThread, operation))
        }
    }
    return ["Monsoon", "Swinject"].map { name in
        ThroughputRow(container: name, oneThread: median(results[name]?.one ?? []), twoThreads: median(results[name]?.two ?? []))
    }
}

/// Operations per second with `threads` threads each running `operations` operations.
private func throughput(threads: Int, operations: Int, _ operation: @escaping () -> Void) -> Double {
    let unsafeOperation = UncheckedOperation(operation)
    let elapsed = ContinuousClock().measure {
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<operations { unsafeOperation.run() }
        }
    }
    return Double(threads * operations) / (nanoseconds(elapsed) / 1e9)
}

/// The operations above are thread-safe by construction (each container is, or is synchronized);
/// this only carries them into `concurrentPerform`.
private struct UncheckedOperation: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
