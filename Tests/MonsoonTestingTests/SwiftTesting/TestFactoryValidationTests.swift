import Monsoon
import MonsoonTesting
import Testing

/// `forTesting` validates at activation, so that what `define(_:_:)` leaves to first use fails a test
/// at its first line.
@Suite struct TestFactoryValidationTests {
    @Test func aDeferredDefinitionsProblemFailsTheTestFactoryAtActivation() throws {
        // A plain factory activates: the body of ferry() has not run.
        _ = try BlockComponentFactory(assemblies: [FerryAssembly()])
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory.forTesting([FerryAssembly()]) }
        #expect(error.problems.map(\.kind) == [.deferredBodyChanges])
        #expect(error.description.contains("FerryAssembly.ferry() (MonsoonTestingTests/TestFactoryValidationTests.swift:"))
        #expect(error.description.contains("sets its scope to prototype, not lazySingleton"))
    }

    @Test func validationCanBeTurnedOffForAGraphThatDoesNotValidate() throws {
        let factory = try BlockComponentFactory.forTesting([FerryAssembly()], validating: false)
        #expect(throws: ResolutionError.self) { try factory.resolve(FerryAssembly.ferry) }
    }
}

final class FerryAssembly: Assembly {
    final class Ferry {}
    override var definitions: [any ComponentDefinition] { [ferry()] }
    func ferry() -> Definition<Ferry> { define(.lazySingleton) { Definition(Ferry.init).scope(.prototype) } }
}
