import Monsoon
import Testing

private protocol Clock: Sendable { var name: String { get } }
private struct SystemClock: Clock { let name = "system" }
private protocol Backend: Sendable { var host: String { get } }
private struct LiveBackend: Backend { let host = "api.example.com" }
private struct StagingBackend: Backend { let host = "staging.example.com" }
private final class Engine: Sendable { let serial: Int; init(serial: Int) { self.serial = serial } }
private final class WeatherClient: Sendable {
    let clock: any Clock
    let backend: any Backend
    init(clock: any Clock, backend: any Backend) { self.clock = clock; self.backend = backend }
}
private final class Dashboard: Sendable {
    let client: WeatherClient
    init(client: WeatherClient) { self.client = client }
}

/// Objection's provider object: a `Sendable` value whose method is the binding's closure.
private struct EngineProvider: Sendable {
    let serials = Locked(0)
    func provide(_ resolver: Resolver) throws -> Engine {
        Engine(serial: serials.withLock { $0 += 1; return $0 })
    }
}

private final class NetworkModule: Module {
    let builds = Locked(0)
    let engines = EngineProvider()

    override func configure(_ binder: Binder) {
        binder.bind(SystemClock(), to: (any Clock).self)
        binder.bind(LiveBackend(), to: (any Backend).self)
        binder.bind((any Backend).self, named: "staging") { _ in StagingBackend() }
        binder.bind(Engine.self, engines.provide)
        binder.bind(WeatherClient.self, scope: .lazySingleton) { [builds] resolver in
            builds.withLock { $0 += 1 }
            return WeatherClient(clock: try resolver.resolve(), backend: try resolver.resolve())
        }
    }
}

private final class StagingNetworkModule: Module {
    override func configure(_ binder: Binder) {
        binder.bind(StagingBackend(), to: (any Backend).self)
    }
}

/// An assembly written with definition methods, injecting a module's binding by type.
private final class DashboardAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [dashboard()] }
    func dashboard() -> Definition<Dashboard> { define { Definition(Dashboard.init(client:), .byType()) } }
}

private final class EagerModule: Module {
    let builds = Locked(0)
    override func configure(_ binder: Binder) {
        binder.bind(Engine.self, scope: .lazySingleton) { [builds] _ in Engine(serial: builds.withLock { $0 += 1; return $0 }) }
        binder.eagerSingleton(Engine.self)
    }
}

private final class BrokenEagerModule: Module {
    override func configure(_ binder: Binder) { binder.eagerSingleton(Engine.self) }
}

private final class TwiceBoundModule: Module {
    static let firstLine = #line + 2
    override func configure(_ binder: Binder) {
        binder.bind(SystemClock(), to: (any Clock).self)
        binder.bind(SystemClock(), to: (any Clock).self)
    }
}

private final class OtherStagingModule: Module {
    override func configure(_ binder: Binder) {
        binder.bind(Engine.self, named: "staging") { _ in Engine(serial: 42) }
    }
}

private final class SecondStagingModule: Module {
    override func configure(_ binder: Binder) {
        binder.bind((any Backend).self, named: "staging") { _ in LiveBackend() }
    }
}

private protocol Animal: Sendable { var name: String { get } }
private protocol Pet: Animal {}
private struct Dog: Pet { let name = "Rex" }
private final class Owner: Sendable {
    let pet: any Animal
    init(pet: any Animal) { self.pet = pet }
}

/// Binds a `Dog` as `any Pet` under "rex": `any Animal` is another type, though the dog is one.
private final class KennelModule: Module {
    override func configure(_ binder: Binder) {
        binder.bind(Dog(), to: (any Pet).self, named: "rex")
        binder.bind(Owner.self) { resolver in Owner(pet: try resolver.resolve((any Animal).self, named: "rex")) }
    }
}

/// Reads the binding through a property: the same lookup as `resolve(_:named:)`.
private final class KennelView {
    @Injected(named: "rex") var animal: (any Animal)?
    @Injected(named: "rex") var pet: (any Pet)?
    init(factory: BlockComponentFactory) {
        _animal = Injected(named: "rex", from: factory)
        _pet = Injected(named: "rex", from: factory)
    }
}

/// Asks for the staging backend only if some module binds one.
private final class OptionalStagingModule: Module {
    override func configure(_ binder: Binder) {
        binder.bind(String.self) { resolver in try resolver.resolveIfPresent((any Backend).self, named: "staging")?.host ?? "none" }
    }
}

@Suite struct ModuleTests {
    @Test func resolveIfPresentByNameIsNilOnlyWhenNoBindingOfThatNameBindsTheType() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule(), OtherStagingModule()])
        #expect(try factory.resolveIfPresent((any Backend).self, named: "staging")?.host == "staging.example.com")
        #expect(try factory.resolveIfPresent(Engine.self, named: "staging")?.serial == 42)
        #expect(try factory.resolveIfPresent((any Backend).self, named: "production") == nil)
        #expect(try factory.resolveIfPresent((any Clock).self, named: "staging") == nil, "the name binds other types only")
        let clash = try BlockComponentFactory(assemblies: [NetworkModule(), SecondStagingModule()])
        let error = #expect(throws: ResolutionError.self) { try clash.resolveIfPresent((any Backend).self, named: "staging") }
        #expect(error?.kind == .ambiguousType)
        #expect(try BlockComponentFactory(assemblies: [OptionalStagingModule()]).resolve(String.self) == "none")
        #expect(try BlockComponentFactory(assemblies: [OptionalStagingModule(), NetworkModule()]).resolve(String.self) == "staging.example.com")
    }

    @Test func oneNameForDifferentTypesIsPickedByTypeAndForOneTypeIsAmbiguous() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule(), OtherStagingModule()])
        #expect(try factory.resolve(Engine.self, named: "staging").serial == 42)
        #expect(try factory.resolve((any Backend).self, named: "staging").host == "staging.example.com")
        let clash = try BlockComponentFactory(assemblies: [NetworkModule(), SecondStagingModule()])
        let error = #expect(throws: ResolutionError.self) { try clash.resolve((any Backend).self, named: "staging") }
        #expect(error?.kind == .ambiguousType)
        #expect(error?.description.hasPrefix(
            "Cannot resolve binding named \"staging\" as any Backend: 2 modules bind any Backend under this name: NetworkModule.staging, SecondStagingModule.staging.") == true)
    }

    @Test func instancesAreBoundToTheirTypeOrAProtocol() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule()])
        #expect(try factory.resolve((any Clock).self).name == "system")
        #expect(try factory.resolve((any Backend).self).host == "api.example.com")
    }

    @Test func aClosureBindingObeysItsScopeAndResolvesThroughTheResolver() throws {
        let module = NetworkModule()
        let factory = try BlockComponentFactory(assemblies: [module])
        let client = try factory.resolve(WeatherClient.self)
        #expect(try factory.resolve(WeatherClient.self) === client)
        #expect(module.builds.withLock { $0 } == 1)
        #expect(client.backend.host == "api.example.com")
    }

    @Test func aProviderBuildsAComponentPerResolutionInPrototypeScope() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule()])
        #expect(try factory.resolve(Engine.self).serial == 1)
        #expect(try factory.resolve(Engine.self).serial == 2)
    }

    @Test func aNamedBindingIsFoundByItsNameOnly() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule()])
        #expect(try factory.resolve((any Backend).self, named: "staging").host == "staging.example.com")
        // The unnamed binding of the same type stays the one found by type: no ambiguity.
        #expect(try factory.resolve((any Backend).self).host == "api.example.com")
        #expect(factory.definitions.map(\.key).contains("NetworkModule.staging"))
    }

    @Test func anUnknownNameIsATypedErrorNamingTheTypeAskedForAndTheNearestBinding() async throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule()])
        let expected = """
            Cannot resolve binding named "stagin" as any Backend: no module binds a component under this name.
              Did you mean: staging?
            """
        let error = #expect(throws: ResolutionError.self) { try factory.resolve((any Backend).self, named: "stagin") }
        #expect(error?.kind == .unknownKey)
        #expect(error?.description == expected)
        let asynchronous = await #expect(throws: ResolutionError.self) { try await factory.resolve((any Backend).self, named: "stagin") }
        #expect(asynchronous?.description == expected)
    }

    @Test func aNearNameOfAnotherTypeIsNamedWithItsTypeAndAFarOneNotAtAll() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule(), OtherStagingModule()])
        let near = #expect(throws: ResolutionError.self) { try factory.resolve((any Clock).self, named: "stagin") }
        #expect(near?.kind == .unknownKey)
        #expect(near?.description == """
            Cannot resolve binding named "stagin" as any Clock: no module binds a component under this name.
              No name binds any Clock; a near name binds other types: staging (any Backend, Engine).
            """)
        let far = #expect(throws: ResolutionError.self) { try factory.resolve((any Clock).self, named: "wall") }
        #expect(far?.description == """
            Cannot resolve binding named "wall" as any Clock: no module binds a component under this name.
              Bind any Clock under this name with binder.bind(…, named: "wall") in a module's configure(_:).
            """)
    }

    @Test func aNamedBindingMustBeOfTheTypeAskedForNotMerelyConvertibleToIt() async throws {
        let factory = try BlockComponentFactory(assemblies: [KennelModule()])
        #expect(try await factory.resolve((any Pet).self, named: "rex").name == "Rex")
        let expected = """
            Cannot resolve binding named "rex" as any Animal: the name binds any Pet (KennelModule.rex), not any Animal.
              A name and a type together pick a binding: resolve it as any Pet, or bind any Animal under this name.
            """
        let error = #expect(throws: ResolutionError.self) { try factory.resolve((any Animal).self, named: "rex") }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.description == expected)
        let asynchronous = await #expect(throws: ResolutionError.self) { try await factory.resolve((any Animal).self, named: "rex") }
        #expect(asynchronous?.description == expected)
        // A resolver inside a binding's closure looks the name up the same way, its path leading to it.
        let throughResolver = #expect(throws: ResolutionError.self) { try factory.resolve(Owner.self) }
        #expect(throughResolver?.kind == .typeMismatch)
        #expect(throughResolver?.description == """
            Cannot resolve binding named "rex" as any Animal: the name binds any Pet (KennelModule.rex), not any Animal.
              KennelModule.bind(Owner) → binding named "rex"
              A name and a type together pick a binding: resolve it as any Pet, or bind any Animal under this name.
            """)
        let view = KennelView(factory: factory)
        #expect(view.pet?.name == "Rex")
        #expect(view.animal == nil)
        guard case .failure(let fromProperty) = view.$animal else {
            Issue.record("expected a failure")
            return
        }
        #expect(fromProperty.description == expected)
    }

    @Test func bindingsHaveKeysNamedAfterTheModuleAndTheBinding() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule()])
        #expect(factory.definitions.map(\.key) == [
            "NetworkModule.bind(any Clock)", "NetworkModule.bind(any Backend)", "NetworkModule.staging",
            "NetworkModule.bind(Engine)", "NetworkModule.bind(WeatherClient)",
        ])
        #expect(try factory.resolve(key: "NetworkModule.bind(WeatherClient)", as: WeatherClient.self).clock.name == "system")
    }

    @Test func assemblyDefinitionsInjectModuleBindings() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule(), DashboardAssembly()])
        let dashboard = try factory.resolve(DashboardAssembly.dashboard)
        #expect(dashboard.client === (try factory.resolve(WeatherClient.self)))
    }

    @Test func anEagerSingletonIsBuiltAtActivation() throws {
        let module = EagerModule()
        let factory = try BlockComponentFactory(assemblies: [module])
        #expect(module.builds.withLock { $0 } == 1)
        #expect(try factory.resolve(Engine.self).serial == 1)
        #expect(module.builds.withLock { $0 } == 1)
    }

    @Test func anEagerSingletonOfAnUnboundTypeFailsActivationNamingTheModule() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [BrokenEagerModule()]) }
        #expect(error?.problems.map(\.kind) == [.singletonFailed])
        #expect(error?.problems.first?.subject == "BrokenEagerModule.eagerSingleton(Engine)")
        #expect(error?.problems.first?.resolutionError?.kind == .noDefinitionForType)
    }

    @Test func bindingOneTypeTwiceWithoutNamesIsADuplicateKey() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [TwiceBoundModule()]) }
        #expect(error?.problems.map(\.kind) == [.duplicateKey])
        #expect(error?.problems.first?.message == """
            Duplicate binding TwiceBoundModule.bind(any Clock): bound at MonsoonTests/ModuleTests.swift:\(TwiceBoundModule.firstLine) and \
            MonsoonTests/ModuleTests.swift:\(TwiceBoundModule.firstLine + 1). A module binds each type once without a name and each name once: \
            bind it once, or give each binding its own name (binder.bind(…, named: "…")).
            """)
    }

    @Test func modulesValidateAndAppearInTheGraphLikeAssemblies() throws {
        let factory = try BlockComponentFactory(assemblies: [NetworkModule(), DashboardAssembly()])
        #expect(factory.validate().findings(.error).isEmpty)
        #expect(factory.graph().edges.contains { $0.from == "DashboardAssembly.dashboard()" && $0.to == "NetworkModule.bind(WeatherClient)" })
    }

    @Test func twoModulesBindingOneTypeMakeItAmbiguousAndADerivedFactorySwapsOne() throws {
        let both = try BlockComponentFactory(assemblies: [NetworkModule(), StagingNetworkModule()])
        let error = #expect(throws: ResolutionError.self) { try both.resolve((any Backend).self) }
        #expect(error?.kind == .ambiguousType)
        let staging = try BlockComponentFactory(assemblies: [StagingNetworkModule()]).with(DashboardAssembly())
        #expect(try staging.resolve((any Backend).self).host == "staging.example.com")
    }
}
