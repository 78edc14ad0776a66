import Monsoon
import Testing

private final class Detail: Sendable { let id: Int; init(id: Int) { self.id = id } }

/// Builds screens on demand: Typhoon's "inject the assembly", as an injected factory whose `resolve`
/// takes the assembly's methods.
private final class Coordinator: Sendable {
    let factory: FactoryReference
    init(factory: FactoryReference) { self.factory = factory }
    func home() throws(ResolutionError) -> Detail { try factory.get().resolve(AIScreenAssembly.home) }
    func detail(id: Int) throws(ResolutionError) -> Detail { try factory.get().resolve(AIScreenAssembly.detail(id:), id) }
}

private class AIScreenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [coordinator(), home()] }
    func coordinator() -> Definition<Coordinator> {
        define { Definition(Coordinator.init(factory:), .factory()).scope(.lazySingleton) }
    }
    func home() -> Definition<Detail> { define { Definition { Detail(id: 0) }.scope(.lazySingleton) } }
    func detail(id: Int) -> Definition<Detail> { define(arguments: id) { Definition { Detail(id: id) } } }
}

private final class TestScreenAssembly: AIScreenAssembly {
    override func home() -> Definition<Detail> { define { Definition { Detail(id: 99) }.scope(.lazySingleton) } }
}

/// Calls AIScreenAssembly's methods in a factory that did not activate it.
private final class OrphanAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [orphan()] }
    func orphan() -> Definition<Coordinator> { define { Definition(Coordinator.init(factory:), .factory()) } }
}

@Suite("An assembly's methods called later, through the injected factory")
struct AssemblyInjectionTests {
    @Test func anAssemblysMethodsCalledLaterResolveThroughTheFactory() throws {
        let factory = try BlockComponentFactory(assemblies: [AIScreenAssembly()])
        let coordinator = try factory.resolve(AIScreenAssembly.coordinator)
        #expect(try coordinator.home() === factory.resolve(AIScreenAssembly.home))
        #expect(try coordinator.detail(id: 7).id == 7)
    }

    @Test func theyReachTheSubclassThatReplacedTheAssembly() throws {
        let factory = try BlockComponentFactory(assemblies: [TestScreenAssembly()])
        let coordinator = try factory.resolve(AIScreenAssembly.coordinator)
        #expect(try coordinator.home().id == 99)
    }

    @Test func callingAMethodOfAnAssemblyThatWasNotActivatedIsATypedError() throws {
        let factory = try BlockComponentFactory(assemblies: [OrphanAssembly()])
        let orphan = try factory.resolve(OrphanAssembly.orphan)
        let error = #expect(throws: ResolutionError.self) { try orphan.home() }
        #expect(error?.kind == .assemblyNotActivated)
        #expect(error?.description == """
            Cannot resolve a definition of AIScreenAssembly: no AIScreenAssembly was activated in this factory (activated: OrphanAssembly).
              Pass an instance of AIScreenAssembly (or a subclass) to BlockComponentFactory(assemblies:).
            """)
    }
}
