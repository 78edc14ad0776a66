import Monsoon
import Swinject

/// The Monsoon side of the resolution scenarios.
final class BenchAssembly: Monsoon.Assembly {
    override var definitions: [any ComponentDefinition] { [service(), leaf(), worker()] }
    func service() -> Definition<Service> { define { Definition(Service.init).scope(.singleton) } }
    func leaf() -> Definition<Leaf> { define { Definition(Leaf.init).scope(.prototype) } }
    func worker() -> Definition<Worker> { define { Definition(Worker.init(service:), service()).scope(.lazySingleton) } }
}

func makeMonsoonFactory() -> BlockComponentFactory {
    do {
        return try BlockComponentFactory(assemblies: [BenchAssembly(), DiamondGraphAssembly(), PrototypeTreeAssembly()])
    } catch {
        fatalError("benchmark assemblies must activate: \(error)")
    }
}

/// Scenario 1c: ten thousand singletons bound by name, as a module made in a loop binds them.
final class NamedServicesModule: Monsoon.Module {
    static let count = 10_000
    override func configure(_ binder: Binder) {
        for n in 0..<Self.count { binder.bind(Service.self, named: "service\(n)", scope: .singleton) { _ in Service() } }
    }
}

func makeMonsoonNamedFactory() -> BlockComponentFactory {
    do {
        return try BlockComponentFactory(assemblies: [NamedServicesModule()])
    } catch {
        fatalError("the named-services module must activate: \(error)")
    }
}

func makeSwinjectNamedContainer() -> Container {
    let container = Container()
    for n in 0..<NamedServicesModule.count {
        container.register(Service.self, name: "service\(n)") { _ in Service() }.inObjectScope(.container)
    }
    return container
}

/// The Swinject side: the same components and scopes (`.container` for singletons, `.graph` for object
/// graphs, `.transient` for prototypes).
func makeSwinjectContainer() -> Container {
    let container = Container()
    container.register(Service.self) { _ in Service() }.inObjectScope(.container)
    container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
    container.register(Worker.self) { resolver in Worker(service: resolver.resolve(Service.self)!) }.inObjectScope(.container)
    registerDiamondGraph(container)
    registerPrototypeTree(container)
    return container
}

/// Hand-written equivalents: what a program without a container does.
enum HandWritten {
    nonisolated(unsafe) static var singleton = Service()

    static func warmSingleton() -> Service { singleton }
    static func prototype() -> Leaf { Leaf() }
}
