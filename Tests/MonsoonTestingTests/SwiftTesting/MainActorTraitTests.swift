import Foundation
import Monsoon
import Synchronization
import MonsoonTesting
import Testing

/// A logger as app code declares one where every type is main-actor, pooled as an eager singleton.
@MainActor final class MainActorLogger {
    init() {}
}

final class MainActorLoggerAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [logger()] }
    func logger() -> Definition<MainActorLogger> { define(.singleton) { Definition(MainActorLogger.init) } }
}

/// The app's values as a default-MainActor module declares them: main-actor statics.
@MainActor enum MainActorAppValues {
    static let manifestURL = AppManifest.url
    static let environment: String? = "sunny"
    static let greeting = #"{"greeting": "Ahoy"}"#
    static func assemblies() -> [Assembly] { [MainActorLoggerAssembly()] }
}

/// The trait in a module whose values and components are main-actor: each test's factory is made on the
/// main actor, so an eager main-actor singleton is built at activation; its arguments may read main-actor
/// statics, and may throw.
@Suite(.monsoonFactory({ MainActorAppValues.assemblies() }))
struct MainActorTraitTests {
    /// Before, the trait made the factory off the main actor and every test of the suite failed:
    /// "Building singleton MainActorLoggerAssembly.logger() failed … isolated to the main actor".
    @Test @MainActor func anEagerMainActorSingletonIsBuiltWhenTheTestsFactoryIsMade() throws {
        let factory = try TestFactory.require()
        let logger = try factory.resolve(MainActorLoggerAssembly.logger)
        #expect(try factory.resolve(MainActorLoggerAssembly.logger) === logger)
        #expect(factory.definitions.contains { $0.key == "MainActorLoggerAssembly.logger()" })
    }

    @Test(.monsoonFactory(manifest: MainActorAppValues.manifestURL, environment: MainActorAppValues.environment,
                          configuration: try Configuration(json: Data(MainActorAppValues.greeting.utf8), name: "test.json")))
    func theManifestFormReadsMainActorValuesAndAThrowingConfiguration() throws {
        let factory = try TestFactory.require()
        #expect(try factory.resolve(GreetingTestAssembly.greeter).greeting == "Ahoy")
        #expect(try factory.resolve((any Weather).self).forecast == "sun")
    }

    @Test func aConfigurationThatThrowsFailsTheTestWithItsError() async throws {
        let trait: MonsoonFactoryTrait = .monsoonFactory(
            { [GreetingTestAssembly()] }, configuration: try Configuration(json: Data(#"{"greeting": "#.utf8), name: "broken.json"))
        let ran = Mutex(false)
        let test = try #require(Test.current)
        do {
            try await trait.provideScope(for: test, testCase: Test.Case.current) { ran.withLock { $0 = true } }
            Issue.record("the trait made a factory from a configuration that does not parse")
        } catch {
            #expect("\(error)" == """
                Configuration file broken.json is not valid JSON: the JSON ends early at line 1, column 14: an object, \
                array or string is not closed (was the file cut off?).
                """)
        }
        #expect(!ran.withLock { $0 })
    }
}
