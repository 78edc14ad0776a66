import Foundation
import Monsoon
import MonsoonMediator
import Testing

private final class Inventory: Sendable {
    let counts = ["lamp": 3, "desk": 0]
}

private final class StockTarget: MediatorTarget, Sendable {
    static let targetName = "Stock"
    static var actions: [MediatorAction<StockTarget>] {
        [
            MediatorAction("count") { target, parameters in target.inventory.counts[try parameters.value("item", as: String.self)] ?? 0 },
            MediatorAction("reserve") { _, parameters in
                let quantity = try parameters.value("quantity", as: Int.self)
                guard quantity > 0 else { throw StockProblem.nothingToReserve }
                return quantity
            },
            MediatorAction("note") { _, parameters in try parameters.optionalValue("note", as: String.self) ?? "none" },
        ]
    }
    let inventory: Inventory
    init(inventory: Inventory) { self.inventory = inventory }
}

private enum StockProblem: Error { case nothingToReserve }

private final class StockAssembly: Assembly {
    let builds = Locked(0)
    override var definitions: [any ComponentDefinition] { [target()] }
    func inventory() -> Definition<Inventory> { define { Definition(Inventory.init).scope(.lazySingleton) } }
    func target() -> Definition<StockTarget> {
        define {
            let builds = self.builds
            return Definition(StockTarget.init(inventory:), inventory()).scope(.lazySingleton).afterInjections { _ in builds.withLock { $0 += 1 } }
        }
    }
}

private final class OtherStockTarget: MediatorTarget {
    static let targetName = "Stock"
    static var actions: [MediatorAction<OtherStockTarget>] { [] }
}

private final class DuplicateAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [other()] }
    func other() -> Definition<OtherStockTarget> { define { Definition(OtherStockTarget.init) } }
}

// The typed layer a caller writes over the names.
extension Mediator {
    fileprivate func stockCount(of item: String) throws(MediatorError) -> Int {
        try perform(target: "Stock", action: "count", parameters: ["item": item], as: Int.self)
    }
}

@Suite struct MediatorTests {
    /// A mediator over a factory kept alive for `body`: a mediator holds its factory weakly.
    private func withMediator(_ assemblies: [Assembly] = [], _ body: (Mediator, StockAssembly) throws -> Void) throws {
        let stock = StockAssembly()
        let factory = try BlockComponentFactory(assemblies: [stock, MediatorAssembly()] + assemblies)
        try withExtendedLifetime(factory) { try body(try factory.resolve(Mediator.self), stock) }
    }

    @Test func aTargetIsFoundAmongTheDefinitionsAndBuiltOnFirstUse() throws {
        try withMediator { mediator, stock throws in
            #expect(stock.builds.withLock { $0 } == 0)
            #expect(try mediator.targetNames == ["Stock"])
            #expect(try mediator.actionNames(of: "Stock") == ["count", "reserve", "note"])
            #expect(try mediator.perform(target: "Stock", action: "count", parameters: ["item": "lamp"]) as? Int == 3)
            #expect(try mediator.stockCount(of: "desk") == 0)
            #expect(stock.builds.withLock { $0 } == 1)
        }
    }

    @Test func aStringParameterConvertsToTheTypeTheActionReads() throws {
        try withMediator { mediator, _ throws in
            #expect(try mediator.perform(target: "Stock", action: "reserve", parameters: ["quantity": "2"]) as? Int == 2)
            #expect(try mediator.perform(target: "Stock", action: "note") as? String == "none")
        }
    }

    @Test func unknownNamesAreTypedErrorsWithSuggestions() throws {
        try withMediator { mediator, _ throws in
            let target = #expect(throws: MediatorError.self) { try mediator.perform(target: "Stok", action: "count") }
            #expect(target?.kind == .unknownTarget)
            #expect(target?.description == #"No target is named "Stok" (targets: Stock). Did you mean: Stock?"#)
            #expect((target as (any Error)?)?.localizedDescription == target?.description)
            let action = #expect(throws: MediatorError.self) { try mediator.perform(target: "Stock", action: "cont") }
            #expect(action?.kind == .unknownAction)
            #expect(action?.description == #"The target Stock has no action "cont" (actions: count, reserve, note). Did you mean: count?"#)
        }
    }

    @Test func missingAndMistypedParametersNameTheParameter() throws {
        try withMediator { mediator, _ throws in
            let missing = #expect(throws: MediatorError.self) { try mediator.perform(target: "Stock", action: "count", parameters: ["iten": "lamp"]) }
            #expect(missing?.kind == .missingParameter)
            #expect(missing?.description == #"Stock.count needs the parameter "item" (String), which was not passed. Did you mean: iten?"#)
            let mistyped = #expect(throws: MediatorError.self) { try mediator.perform(target: "Stock", action: "reserve", parameters: ["quantity": "many"]) }
            #expect(mistyped?.kind == .wrongParameterType)
            #expect(mistyped?.description == #"Stock.reserve: the parameter "quantity" is String "many", not Int."#)
        }
    }

    @Test func aThrowingActionAndAWrongResultTypeAreTypedErrors() throws {
        try withMediator { mediator, _ throws in
            let failed = #expect(throws: MediatorError.self) { try mediator.perform(target: "Stock", action: "reserve", parameters: ["quantity": 0]) }
            #expect(failed?.kind == .actionFailed)
            #expect(failed?.underlyingError is StockProblem)
            let wrong = #expect(throws: MediatorError.self) {
                try mediator.perform(target: "Stock", action: "count", parameters: ["item": "lamp"], as: String.self)
            }
            #expect(wrong?.kind == .wrongResultType)
            #expect(wrong?.description == "Stock.count returned Int, not String.")
        }
    }

    @Test func twoTargetsWithOneNameAreADuplicate() throws {
        try withMediator([DuplicateAssembly()]) { mediator, _ throws in
            let error = #expect(throws: MediatorError.self) { try mediator.perform(target: "Stock", action: "count") }
            #expect(error?.kind == .duplicateTarget)
            #expect(error?.description.contains("StockAssembly.target() and DuplicateAssembly.other()") == true)
        }
    }

    @Test func aMediatorDoesNotKeepItsFactoryAlive() throws {
        var factory: BlockComponentFactory? = try BlockComponentFactory(assemblies: [StockAssembly(), MediatorAssembly()])
        let mediator = try #require(try factory?.resolve(Mediator.self))
        factory = nil
        let error = #expect(throws: MediatorError.self) { try mediator.perform(target: "Stock", action: "count") }
        #expect(error?.kind == .targetUnavailable)
    }
}

private final class EchoTarget: MediatorTarget, Sendable {
    static let targetName = "Echo"
    static var actions: [MediatorAction<EchoTarget>] {
        [MediatorAction("again") { target, _ in try target.mediator.perform(target: "Echo", action: "again") }]
    }
    let mediator: Mediator
    init(mediator: Mediator) { self.mediator = mediator }
}

private final class EchoAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [echo()] }
    func echo() -> Definition<EchoTarget> { define { Definition(EchoTarget.init(mediator:), .byType()).scope(.lazySingleton) } }
}

@Suite struct MediatorLoopTests {
    @Test func anActionThatPerformsItselfForeverIsStoppedWithATypedError() throws {
        let factory = try BlockComponentFactory(assemblies: [EchoAssembly(), MediatorAssembly()])
        let mediator = try factory.resolve(Mediator.self)
        let error = #expect(throws: MediatorError.self) { try mediator.perform(target: "Echo", action: "again") }
        #expect(error?.kind == .callLoop)
        #expect(error?.description.hasPrefix("Performing Echo.again nested more than 64 actions deep") == true)
        withExtendedLifetime(factory) {}
    }
}
