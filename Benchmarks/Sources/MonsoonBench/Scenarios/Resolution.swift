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

/// The implementations compared in every scenario, in table order.
enum Implementation: String, CaseIterable {
    case monsoon, swinject, hand
}

/// Scenarios 1 to 4: one resolution each, with the same operation for timing (`Measurer`) and for
/// counting instructions (`InstructionCounter`), so both modes measure exactly the same code.
struct ResolutionScenario {
    let id: String
    let title: String
    let operations: [Implementation: () -> Void]
    /// What one operation must build, checked for every implementation before anything is measured.
    let check: [Implementation: () -> String?]
}

func resolutionScenarios() -> [ResolutionScenario] {
    let factory = makeMonsoonFactory()
    let container = makeSwinjectContainer()
    _ = container.resolve(Service.self)

    func sameTwice<T: AnyObject>(_ resolve: @escaping () -> T?) -> () -> String? {
        { resolve() != nil && resolve() === resolve() ? nil : "a warm singleton must be one instance" }
    }
    func newEachTime<T: AnyObject>(_ resolve: @escaping () -> T?) -> () -> String? {
        { resolve().map { first in resolve().map { $0 !== first } ?? false } == true ? nil : "a prototype must be new at every resolution" }
    }
    func graph(_ resolve: @escaping () -> Node?, distinct: Int, total: Int) -> () -> String? {
        {
            guard let root = resolve() else { return "resolution failed" }
            let counted = countNodes(root)
            return counted == (distinct, total) ? nil
                : "built \(counted.distinct) distinct nodes (\(counted.total) references), expected \(distinct) (\(total))"
        }
    }
    let named = makeMonsoonNamedFactory()
    let namedContainer = makeSwinjectNamedContainer()
    let middleName = "service\(NamedServicesModule.count / 2)"
    let diamondShape = countNodes(handWrittenDiamondGraph())
    let treeShape = countNodes(handWrittenPrototypeTree())

    return [
        ResolutionScenario(
            id: "1a", title: "1a. warm singleton, by definition",
            operations: [.monsoon: { blackHole(try? factory.resolve(BenchAssembly.service)) },
                         .swinject: { blackHole(container.resolve(Service.self)) },
                         .hand: { blackHole(HandWritten.warmSingleton()) }],
            check: [.monsoon: sameTwice { try? factory.resolve(BenchAssembly.service) },
                    .swinject: sameTwice { container.resolve(Service.self) },
                    .hand: sameTwice { HandWritten.warmSingleton() }]),
        ResolutionScenario(
            id: "1b", title: "1b. warm singleton, by type",
            operations: [.monsoon: { blackHole(try? factory.resolve(Service.self)) },
                         .swinject: { blackHole(container.resolve(Service.self)) },
                         .hand: { blackHole(HandWritten.warmSingleton()) }],
            check: [.monsoon: sameTwice { try? factory.resolve(Service.self) },
                    .swinject: sameTwice { container.resolve(Service.self) },
                    .hand: sameTwice { HandWritten.warmSingleton() }]),
        ResolutionScenario(
            id: "1c", title: "1c. warm singleton, by name of 10,000",
            operations: [.monsoon: { blackHole(try? named.resolve(Service.self, named: middleName)) },
                         .swinject: { blackHole(namedContainer.resolve(Service.self, name: middleName)) },
                         .hand: { blackHole(HandWritten.warmSingleton()) }],
            check: [.monsoon: sameTwice { try? named.resolve(Service.self, named: middleName) },
                    .swinject: sameTwice { namedContainer.resolve(Service.self, name: middleName) },
                    .hand: sameTwice { HandWritten.warmSingleton() }]),
        ResolutionScenario(
            id: "2", title: "2. prototype, no dependencies",
            operations: [.monsoon: { escape(try? factory.resolve(BenchAssembly.leaf)) },
                         .swinject: { escape(container.resolve(Leaf.self)) },
                         .hand: { escape(HandWritten.prototype()) }],
            check: [.monsoon: newEachTime { try? factory.resolve(BenchAssembly.leaf) },
                    .swinject: newEachTime { container.resolve(Leaf.self) },
                    .hand: newEachTime { HandWritten.prototype() }]),
        ResolutionScenario(
            id: "3", title: "3. objectGraph of 20 (diamonds)",
            operations: [.monsoon: { escape(try? factory.resolve(DiamondGraphAssembly.n0)) },
                         .swinject: { escape(container.resolve(Node.self, name: "diamond0")) },
                         .hand: { escape(handWrittenDiamondGraph()) }],
            check: [.monsoon: graph({ try? factory.resolve(DiamondGraphAssembly.n0) }, distinct: 20, total: diamondShape.total),
                    .swinject: graph({ container.resolve(Node.self, name: "diamond0") }, distinct: 20, total: diamondShape.total),
                    .hand: graph({ handWrittenDiamondGraph() }, distinct: 20, total: diamondShape.total)]),
        ResolutionScenario(
            id: "4", title: "4. prototype graph of 50",
            operations: [.monsoon: { escape(try? factory.resolve(PrototypeTreeAssembly.n0)) },
                         .swinject: { escape(container.resolve(Node.self, name: "tree0")) },
                         .hand: { escape(handWrittenPrototypeTree()) }],
            check: [.monsoon: graph({ try? factory.resolve(PrototypeTreeAssembly.n0) }, distinct: 50, total: treeShape.total),
                    .swinject: graph({ container.resolve(Node.self, name: "tree0") }, distinct: 50, total: treeShape.total),
                    .hand: graph({ handWrittenPrototypeTree() }, distinct: 50, total: treeShape.total)]),
    ]
}

/// Checks that every implementation builds what each scenario says, so that no figure is measured on
/// the wrong graph; returns the failures.
func verify(_ scenarios: [ResolutionScenario]) -> [String] {
    scenarios.flatMap { scenario in
        Implementation.allCases.compactMap { implementation in
            scenario.check[implementation]?().map { "\(scenario.title), \(implementation.rawValue): \($0)" }
        }
    }
}

/// Scenarios 1 to 4 timed, in nanoseconds per resolution.
func resolutionRows(_ scenarios: [ResolutionScenario], _ measurer: Measurer) -> [Row] {
    scenarios.map { scenario in
        let implementations = Implementation.allCases.compactMap { scenario.operations[$0] }
        let results = measurer.compare(implementations)
        return Row(scenario: scenario.title, monsoon: results[0], swinject: results[1], handWritten: results[2], unit: "ns/op")
    }
}
