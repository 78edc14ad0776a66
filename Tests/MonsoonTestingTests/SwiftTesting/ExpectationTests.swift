import Monsoon
import MonsoonTesting
import Testing

@Suite struct ExpectationTests {
    @Test func passingExpectationsRecordNothing() throws {
        let factory = try BlockComponentFactory.forTesting([WeatherAssembly(), PicnicAssembly()])
        expectValidGraph(factory)
        let picnic = expectResolves { try factory.resolve(PicnicAssembly.picnic) }
        #expect(picnic?.weather.forecast == "rain")
        expectResolutionError(.noDefinitionForType, containing: "Int") { try factory.resolve(Int.self) }
    }

    @Test func failingExpectationsRecordAnIssue() throws {
        let broken = try BlockComponentFactory.forTesting([BrokenAssembly()], validating: false)
        withKnownIssue { expectValidGraph(broken) }
        withKnownIssue { expectResolves { try broken.resolve(BrokenAssembly.chicken) } }
        withKnownIssue { expectResolutionError(.unknownKey) { try broken.resolve(BrokenAssembly.chicken) } }
    }

    @Test func checksReturnTheMessagesBothFrameworksReport() throws {
        let broken = try BlockComponentFactory.forTesting([BrokenAssembly()], validating: false)
        #expect(MonsoonCheck.validGraph(broken) == """
            The graph is not valid:
              - error: initializer cycle BrokenAssembly.chicken() → BrokenAssembly.egg() → BrokenAssembly.chicken(). \
            Move one side to a property or method injection.
            """)
        #expect(MonsoonCheck.throwsResolutionError(.unknownKey) { try broken.resolve(BrokenAssembly.chicken) }?
            .hasPrefix("Expected a unknownKey resolution error, but got initializerCycle:") == true)
    }
}
