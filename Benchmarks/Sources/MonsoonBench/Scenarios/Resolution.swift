import Monsoon
import Swinject

/// One row of the results table.
struct Row: Encodable {
    let scenario: String
    let monsoon: Double
    let swinject: Double
    let handWritten: Double?
    let unit: String

    var swinjectOverMonsoon: Double { swinject / monsoon }
    var monsoonOverHandWritten: Double? { handWritten.map { monsoon / $0 } }
}

/// Scenarios 1 to 4: resolution, in nanoseconds per resolution.
func resolutionRows(_ measurer: Measurer) -> [Row] {
    let factory = makeMonsoonFactory()
    let container = makeSwinjectContainer()
    _ = container.resolve(Service.self)

    func row(_ name: String, monsoon: @escaping () -> Void, swinject: @escaping () -> Void, hand: (() -> Void)?) -> Row {
        let results = measurer.compare([monsoon, swinject] + (hand.map { [$0] } ?? []))
        return Row(scenario: name, monsoon: results[0], swinject: results[1], handWritten: hand == nil ? nil : results[2], unit: "ns/op")
    }

    return [
        row("1a. warm singleton, by definition",
            monsoon: { blackHole(try? factory.resolve(BenchAssembly.service)) },
            swinject: { blackHole(container.resolve(Service.self)) },
            hand: { blackHole(HandWritten.warmSingleton()) }),
        row("1b. warm singleton, by type",
            monsoon: { blackHole(try? factory.resolve(Service.self)) },
            swinject: { blackHole(container.resolve(Service.self)) },
            hand: { blackHole(HandWritten.warmSingleton()) }),
        row("2. prototype, no dependencies",
            monsoon: { blackHole(try? factory.resolve(BenchAssembly.leaf)) },
            swinject: { blackHole(container.resolve(Leaf.self)) },
            hand: { blackHole(HandWritten.prototype()) }),
        row("3. objectGraph of 20 (diamonds)",
            monsoon: { blackHole(try? factory.resolve(DiamondGraphAssembly.n0)) },
            swinject: { blackHole(container.resolve(Node.self, name: "n0")) },
            hand: { blackHole(handWrittenDiamondGraph()) }),
        row("4. prototype graph of 50",
            monsoon: { blackHole(try? factory.resolve(PrototypeTreeAssembly.n0)) },
            swinject: { blackHole(container.resolve(Node.self, name: "n0")) },
            hand: { blackHole(handWrittenPrototypeTree()) }),
    ]
}
