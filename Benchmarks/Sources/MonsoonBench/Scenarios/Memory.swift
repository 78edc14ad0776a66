import HeapUsage
import Monsoon
import Swinject

/// Scenario 7: heap bytes retained per registered definition after activating 10,000 definitions.
struct MemoryRow: Encodable {
    let container: String
    let bytesPerDefinition: Double
}

func memoryRows() -> [MemoryRow] {
    func retained(_ build: () -> Any) -> Double {
        let before = heap_bytes_in_use()
        let kept = build()
        let after = heap_bytes_in_use()
        withExtendedLifetime(kept) {}
        return Double(Int(after) - Int(before)) / 10_000
    }
    guard heap_bytes_in_use() > 0 else { return [] }
    let monsoon = retained { (try? BlockComponentFactory(assemblies: monsoonAssemblies100())) as Any }
    let swinject = retained {
        let container = Container()
        for index in 0..<100 { registerSwinject100(container, tag: "Tag\(index)") }
        return container
    }
    return [MemoryRow(container: "Monsoon", bytesPerDefinition: monsoon), MemoryRow(container: "Swinject", bytesPerDefinition: swinject)]
}
