import Monsoon
import Testing

/// A component that builds squires on demand through a plain closure: it does not import Monsoon's types.
final class Stables {
    let newSquire: () throws -> Squire
    init(newSquire: @escaping () throws -> Squire) { self.newSquire = newSquire }
}

final class StablesAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }
    override var definitions: [any ComponentDefinition] { [stables(), squire(), sharedSquire()] }

    func stables() -> Definition<Stables> { define { Definition(Stables.init(newSquire:), .closure(squire())) } }
    func squire() -> Definition<Squire> { define { Definition(Squire.init(name:log:), .value("Dinadan"), .value(log)).scope(.prototype) } }
    func sharedSquire() -> Definition<Squire> {
        define { Definition(Squire.init(name:log:), .value("Gareth"), .value(log)).scope(.lazySingleton) }
    }
}

@Suite("Plain closures as injections")
struct ClosureInjectionTests {
    @Test func aClosureBuildsTheDefinitionsComponentOnEachCallObeyingItsScope() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [StablesAssembly(log: log)])
        let stables = try factory.resolve(StablesAssembly.stables)
        #expect(log.count("init Squire Dinadan") == 0, "nothing is built until the closure is called")
        let first = try stables.newSquire(), second = try stables.newSquire()
        #expect(first !== second)
        #expect(log.count("init Squire Dinadan") == 2)
    }

    @Test func theClosureIsAProviderEdgeInTheGraph() throws {
        let factory = try BlockComponentFactory(assemblies: [StablesAssembly(log: BuildLog())])
        let edge = try #require(factory.graph().edges.first { $0.from == "StablesAssembly.stables()" })
        #expect(edge.to == "StablesAssembly.squire()")
        #expect(edge.kind == .provider)
    }

    @Test func calledAfterTheFactoryIsReleasedItThrows() throws {
        var factory: BlockComponentFactory? = try BlockComponentFactory(assemblies: [StablesAssembly(log: BuildLog())])
        let stables = try #require(try factory?.resolve(StablesAssembly.stables))
        factory = nil
        let error = try #require(throws: ResolutionError.self) { _ = try stables.newSquire() }
        #expect(error.kind == .factoryReleased)
    }
}

/// A round table that knights squires by name through a plain closure over a parameterized definition.
final class RoundTable {
    let squire: (String) throws -> Squire
    let horse: (String, Int) throws -> Horse
    init(squire: @escaping (String) throws -> Squire, horse: @escaping (String, Int) throws -> Horse) {
        self.squire = squire
        self.horse = horse
    }
}

final class RoundTableAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [roundTable()] }
    func roundTable() -> Definition<RoundTable> {
        define {
            Definition(RoundTable.init(squire:horse:), .closure(ArgumentAssembly.squire(named:)), .closure(ArgumentAssembly.horse(named:age:)))
        }
    }
}

@Suite("Plain closures over parameterized definitions")
struct ParameterizedClosureInjectionTests {
    @Test func theClosureResolvesTheMethodWithTheArgumentsItIsCalledWith() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(assemblies: [RoundTableAssembly(), ArgumentAssembly(log: log, squireScope: .lazySingleton)])
        let table = try factory.resolve(RoundTableAssembly.roundTable)
        let dinadan = try table.squire("Dinadan")
        #expect(dinadan.name == "Dinadan")
        #expect(try table.squire("Dinadan") === dinadan, "a lazySingleton per argument value")
        #expect(try table.squire("Gareth") !== dinadan)
        #expect(try table.horse("Binky", 7).name == "Binky, 7")
    }
}
