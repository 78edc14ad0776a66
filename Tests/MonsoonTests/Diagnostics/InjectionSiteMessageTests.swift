import Monsoon
import Testing

private struct SiteBroke: Error, CustomStringConvertible { var description: String { "the part is missing" } }
private final class SiteEngine { init() throws { throw SiteBroke() } }
private protocol SiteRadio {}
private final class SiteCar {
    var engine: SiteEngine?
    var radio: (any SiteRadio)?
    var wheels = 0
    init() {}
    func fit(_ wheels: Int) { self.wheels = wheels }
}

private final class SiteAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [engineCar(), radioCar(), closureCar(), methodCar(), engine(), child()] }
    func engine() -> Definition<SiteEngine> { define { Definition(SiteEngine.init) } }
    func engineCar() -> Definition<SiteCar> { define { Definition(SiteCar.init).inject(\.engine, engine()) } }
    func radioCar() -> Definition<SiteCar> { define { Definition(SiteCar.init).inject(\.radio, Injection<(any SiteRadio)?>.byType()) } }
    func closureCar() -> Definition<SiteCar> {
        define { Definition(SiteCar.init).inject(\.wheels, Injection<Int>.resolved { _ in throw SiteBroke() }) }
    }
    func methodCar() -> Definition<SiteCar> {
        define { Definition(SiteCar.init).injectMethod(SiteCar.fit(_:), Injection<Int>.resolved { _ in throw SiteBroke() }) }
    }
    func base() -> Definition<SiteCar> { define { Definition<SiteCar>.abstract().inject(\.engine, engine()) } }
    // The initializer comes from the child: the parent only injects.
    func child() -> Definition<SiteCar> { define { Definition(SiteCar.init).parent(base()) } }
}

@Suite struct InjectionSiteMessageTests {
    let factory: BlockComponentFactory
    init() throws { factory = try BlockComponentFactory(assemblies: [SiteAssembly()]) }

    @Test func aComponentThatFailsWhileInjectedIntoAPropertyNamesTheProperty() {
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(SiteAssembly.engineCar) }
        #expect(error?.kind == .componentFailed)
        #expect(error?.underlyingError is SiteBroke)
        #expect(error?.description == """
            Cannot resolve SiteAssembly.engine(): building it threw the part is missing.
              SiteAssembly.engineCar() → SiteAssembly.engine()
              While injecting property \\SiteCar.engine of SiteAssembly.engineCar().
            """)
    }

    @Test func aTypeNothingDeclaresNamesThePropertyThatAskedForIt() {
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(SiteAssembly.radioCar) }
        #expect(error?.kind == .noDefinitionForType)
        #expect(error?.description.contains("\n  While injecting property \\SiteCar.radio of SiteAssembly.radioCar().\n") == true)
    }

    @Test func aClosureThatThrowsNamesItsPropertyAndKeepsTheErrorItThrew() {
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(SiteAssembly.closureCar) }
        #expect(error?.kind == .componentFailed)
        #expect(error?.underlyingError is SiteBroke)
        #expect(error?.description == """
            Cannot resolve SiteAssembly.closureCar(): building it threw the part is missing.
              While injecting property \\SiteCar.wheels of SiteAssembly.closureCar().
            """)
    }

    @Test func anInjectedMethodThatFailsIsNamedByItsIndex() {
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(SiteAssembly.methodCar) }
        #expect(error?.underlyingError is SiteBroke)
        #expect(error?.description.hasSuffix("\n  While injecting injected method 0 of SiteAssembly.methodCar().") == true)
    }

    @Test func anInheritedPropertyIsNamedWithTheDefinitionBeingBuilt() {
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(SiteAssembly.child) }
        #expect(error?.description.hasSuffix("\n  While injecting property \\SiteCar.engine of SiteAssembly.child().") == true)
    }

    @Test func anAwaitedResolutionNamesThePropertyToo() async {
        let factory = self.factory
        await #expect {
            _ = try await factory.resolve(SiteAssembly.engineCar)
        } throws: { error in
            (error as? ResolutionError)?.description.hasSuffix("\n  While injecting property \\SiteCar.engine of SiteAssembly.engineCar().") == true
        }
    }
}
