import Monsoon
import Testing

/// Objection's implicit components: a type that says how it is built is resolved by type without a
/// definition, registered on first use, in its own scope; the factory's reference by type too.
@Suite struct ImplicitComponentTests {
    @Test func aTypeThatSaysHowItIsBuiltResolvesWithoutADefinitionInItsScope() throws {
        let factory = try BlockComponentFactory(assemblies: [ImplicitUserAssembly()])
        let scheduler = try factory.resolve(ImplicitScheduler.self)
        #expect(scheduler === (try factory.resolve(ImplicitScheduler.self)))  // lazySingleton, as it says
        #expect(try factory.resolve(ImplicitClock.self) !== factory.resolve(ImplicitClock.self))  // objectGraph by default
    }

    @Test func definitionsInjectThemByTypeAndValidationKnowsThem() throws {
        let factory = try BlockComponentFactory(assemblies: [ImplicitUserAssembly()])
        let alarm = try factory.resolve(ImplicitUserAssembly.alarm)
        #expect(alarm.scheduler === (try factory.resolve(ImplicitScheduler.self)))
        #expect(factory.validate().findings(.error).isEmpty)
    }

    @Test func theFactorysReferenceResolvesByType() throws {
        let factory = try BlockComponentFactory(assemblies: [ImplicitUserAssembly()])
        #expect(try factory.resolve(FactoryReference.self).get() === factory)
    }

    @Test func aDefinitionOfTheTypeWins() throws {
        let factory = try BlockComponentFactory(assemblies: [ExplicitClockAssembly()])
        #expect(try factory.resolve(ImplicitClock.self).label == "explicit")
    }

    @Test func aTypeThatDoesNotSayHowItIsBuiltIsStillAnError() throws {
        let factory = try BlockComponentFactory(assemblies: [ImplicitUserAssembly()])
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(ImplicitUnknown.self) }
        #expect(error.kind == .noDefinitionForType)
    }
}

final class ImplicitClock: ImplicitComponent, Sendable {
    let label: String
    init(resolver: Resolver) throws { label = "implicit" }
    init(label: String) { self.label = label }
}

final class ImplicitScheduler: ImplicitComponent, Sendable {
    static var implicitScope: Scope { .lazySingleton }
    let clock: ImplicitClock
    init(resolver: Resolver) throws { clock = try resolver.resolve(ImplicitClock.self) }
}

final class ImplicitAlarm {
    let scheduler: ImplicitScheduler
    init(scheduler: ImplicitScheduler) { self.scheduler = scheduler }
}

final class ImplicitUnknown {}

final class ImplicitUserAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [alarm()] }
    func alarm() -> Definition<ImplicitAlarm> { define(.objectGraph) { Definition(ImplicitAlarm.init(scheduler:), .byType()) } }
}

final class ExplicitClockAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [clock()] }
    func clock() -> Definition<ImplicitClock> { define(.lazySingleton) { Definition(ImplicitClock.init(label:), .value("explicit")) } }
}
