/// Times operations: each measurement runs an operation many times and reports nanoseconds per
/// operation; repetitions of every implementation are interleaved so that they see the same machine.
struct Measurer {
    let repetitions: Int
    /// How long one measurement should last; iteration counts are calibrated to it.
    let targetDuration: Duration

    /// Nanoseconds per operation, median over the repetitions, for each implementation in order.
    func compare(_ implementations: [() -> Void]) -> [Double] {
        let iterations = implementations.map(calibrate)
        var samples = Array(repeating: [Double](), count: implementations.count)
        for _ in 0..<repetitions {
            for (index, operation) in implementations.enumerated() {
                samples[index].append(nanosecondsPerOperation(operation, iterations: iterations[index]))
            }
        }
        return samples.map(median)
    }

    /// Nanoseconds for one run of a long operation (activation), median over the repetitions, interleaved.
    func compareOnce(_ implementations: [() -> Void]) -> [Double] {
        var samples = Array(repeating: [Double](), count: implementations.count)
        for _ in 0..<repetitions {
            for (index, operation) in implementations.enumerated() {
                samples[index].append(nanosecondsPerOperation(operation, iterations: 1))
            }
        }
        return samples.map(median)
    }

    private func calibrate(_ operation: () -> Void) -> Int {
        let target = nanoseconds(targetDuration)
        var iterations = 1
        while true {
            let elapsed = nanoseconds(ContinuousClock().measure { for _ in 0..<iterations { operation() } })
            if elapsed * 4 >= target || iterations >= 1 << 26 {
                return max(1, Int(target / max(elapsed / Double(iterations), 0.01)))
            }
            iterations *= 4
        }
    }

    private func nanosecondsPerOperation(_ operation: () -> Void, iterations: Int) -> Double {
        let elapsed = ContinuousClock().measure { for _ in 0..<iterations { operation() } }
        return nanoseconds(elapsed) / Double(iterations)
    }
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
}
