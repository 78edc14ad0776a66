import Monsoon
import Testing

private final class Detail: Sendable { let id: Int; init(id: Int) { self.id = id } }
private final class Coordinator: Sendable {
    let screens: ActivatedAssembly<AIScreenAssembly>
    init(screens: ActivatedAssembly<AIScreenAssembly>) { self.screens = screens }
}

private class AIScreenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [coordinator(), home()] }
    func coordinator() -> Definition<Coordinator> {
        define { Definition(Coordinator.init(screens:), .assembly(AIScreenAssembly.self)).scope(.lazySingleton) }
    }
    func home() -> Definition<Detail> { define { Definition { Detail(id: 0) }.scope(.lazySingleton) } }
    func detail(id: Int) -> Definition<Detail> { define(arguments: id) { Definition { Detail(id: id) } } }
}

private final class TestScreenAssembly: AIScreenAssembly {
    override func home() -> Definition<Detail> { define { Definition { Detail(id: 99) }.scope(.lazySingleton) } }
}

private final class Orphan: Sendable {
    init(screens: ActivatedAssembly<AIScreenAssembly>) {}
}

private final class OrphanAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [orphan()] }
    func orphan() -> Definition<Orphan> { define { Definition(Orphan.init(screens:), .assembly(AIScreenAssembly.self)) } }
}

@Suite struct AssemblyInjectionTests {
    @Test func anInjectedAssemblyResolvesItsMethodsThroughTheFactory() throws {
        let factory = try BlockComponentFactory(assemblies: [AIScreenAssembly()])
        let coordinator = try factory.resolve(AIScreenAssembly.coordinator)
        #expect(try coordinator.screens.resolve(AIScreenAssembly.home) === factory.resolve(AIScreenAssembly.home))
        #expect(try coordinator.screens.resolve(AIScreenAssembly.detail(id:), 7).id == 7)
        #expect(coordinator.screens.activatedType == AIScreenAssembly.self)
    }

    @Test func itIsTheActivatedSubclassWhenOneReplacedTheAssembly() throws {
        let factory = try BlockComponentFactory(assemblies: [TestScreenAssembly()])
        let coordinator = try factory.resolve(AIScreenAssembly.coordinator)
        #expect(coordinator.screens.activatedType == TestScreenAssembly.self)
        #expect(try coordinator.screens.resolve(AIScreenAssembly.home).id == 99)
    }

    @Test func injectingAnAssemblyThatWasNotActivatedIsATypedError() throws {
        let factory = try BlockComponentFactory(assemblies: [OrphanAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(OrphanAssembly.orphan) }
        #expect(error?.kind == .assemblyNotActivated)
        #expect(error?.description == """
            Cannot resolve a definition of AIScreenAssembly: no AIScreenAssembly was activated in this factory (activated: OrphanAssembly).
              Pass an instance of AIScreenAssembly (or a subclass) to BlockComponentFactory(assemblies:).
            """)
    }

    @Test func itDoesNotKeepTheFactoryAlive() throws {
        var factory: BlockComponentFactory? = try BlockComponentFactory(assemblies: [AIScreenAssembly()])
        let screens = try #require(factory?.resolve(AIScreenAssembly.coordinator).screens)
        factory = nil
        let error = #expect(throws: ResolutionError.self) { try screens.resolve(AIScreenAssembly.home) }
        #expect(error?.kind == .factoryReleased)
        #expect(screens.activatedType == nil)
    }
}
