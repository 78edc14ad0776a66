import Monsoon
import MonsoonTesting
import Testing

/// `forTesting` validates at activation, so that what a plain factory finds only when it builds fails a
/// test at its first line.
@Suite struct TestFactoryValidationTests {
    @Test func aBodyThatSetsAnotherScopeThanDefinesFailsEveryFactoryAtActivation() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [FerryAssembly()]) }
        #expect(error.problems.map(\.kind) == [.conflictingScopes])
        let line = FerryAssembly.ferryLine
        #expect(error.description == """
            Cannot activate the factory: FerryAssembly.ferry() (MonsoonTestingTests/TestFactoryValidationTests.swift:\(line)) is given \
            two scopes: lazySingleton by define(.lazySingleton) and prototype by its body. Give the scope once: define(.lazySingleton) { … } \
            without .scope(…) in the body.
            """)
        #expect(throws: ActivationError.self) { try BlockComponentFactory.forTesting([FerryAssembly()]) }
    }

    @Test func anInitializerCycleFailsTheTestFactoryAtActivation() throws {
        // A plain factory activates: the cycle is found when the component is built.
        let plain = try BlockComponentFactory(assemblies: [LoopAssembly()])
        #expect(throws: ResolutionError.self) { try plain.resolve(LoopAssembly.ferry) }
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory.forTesting([LoopAssembly()]) }
        #expect(error.problems.map(\.kind) == [.initializerCycle])
    }

    @Test func validationCanBeTurnedOffForAGraphThatDoesNotValidate() throws {
        let factory = try BlockComponentFactory.forTesting([LoopAssembly()], validating: false)
        #expect(throws: ResolutionError.self) { try factory.resolve(LoopAssembly.ferry) }
    }
}

final class FerryAssembly: Assembly {
    final class Ferry {}
    static let ferryLine = #line + 2
    override var definitions: [any ComponentDefinition] { [ferry()] }
    func ferry() -> Definition<Ferry> { define(.lazySingleton) { Definition(Ferry.init).scope(.prototype) } }
}

/// Two components whose initializers take each other: no order builds them.
final class LoopAssembly: Assembly {
    final class Ferry: Sendable { init(dock: Dock) {} }
    final class Dock: Sendable { init(ferry: Ferry) {} }
    override var definitions: [any ComponentDefinition] { [ferry(), dock()] }
    func ferry() -> Definition<Ferry> { define { Definition(Ferry.init(dock:), dock()) } }
    func dock() -> Definition<Dock> { define { Definition(Dock.init(ferry:), ferry()) } }
}
