import Monsoon
import Testing

final class Hen {
    let serial: Int
    var egg: Egg?
    var eggWasCompleteInHook = false
    init(log: BuildLog) {
        serial = log.nextSerial()
        log.record("init Hen")
    }
}

final class Egg {
    let serial: Int
    var hen: Hen?
    init(log: BuildLog) {
        serial = log.nextSerial()
        log.record("init Egg")
    }
    func laidBy(_ hen: Hen) { self.hen = hen }
}

/// Hen ↔ Egg: one side by property, the other by method.
final class CoopAssembly: Assembly {
    let log: BuildLog
    let scope: Scope
    init(log: BuildLog, scope: Scope) {
        self.log = log
        self.scope = scope
    }

    override var definitions: [any ComponentDefinition] { [hen(), egg()] }

    func hen() -> Definition<Hen> {
        define {
            Definition(Hen.init(log:), .value(log))
                .inject(\.egg, egg())
                .afterInjections { hen in hen.eggWasCompleteInHook = hen.egg?.hen === hen }
                .scope(scope)
        }
    }

    func egg() -> Definition<Egg> {
        define { Definition(Egg.init(log:), .value(log)).injectMethod(Egg.laidBy(_:), hen()).scope(scope) }
    }
}

@Suite struct CircularDependencyTests {
    let log = BuildLog()

    @Test(arguments: [Scope.objectGraph, .singleton, .lazySingleton, .weakSingleton])
    func aPropertyAndMethodCycleResolvesToOneInstanceEach(scope: Scope) throws {
        let factory = try BlockComponentFactory(assemblies: [CoopAssembly(log: log, scope: scope)])
        let hen = try factory.resolve(CoopAssembly.hen)
        #expect(hen.egg?.hen === hen)
        #expect(log.count("init Hen") == 1)
        #expect(log.count("init Egg") == 1)
        let egg = try factory.resolve(CoopAssembly.egg)
        if scope == .objectGraph {
            #expect(egg !== hen.egg, "a new top-level resolution builds a new graph")
            #expect(egg.hen?.egg === egg)
        } else {
            #expect(egg === hen.egg)
            #expect(log.count("init Egg") == 1)
        }
        withExtendedLifetime(hen) {}
    }

    @Test(arguments: [Scope.objectGraph, .singleton, .lazySingleton])
    func afterInjectionsRunOnceTheWholeCycleIsInjected(scope: Scope) throws {
        let hen = try BlockComponentFactory(assemblies: [CoopAssembly(log: log, scope: scope)]).resolve(CoopAssembly.hen)
        #expect(hen.eggWasCompleteInHook)
    }

    @Test func aPrototypeInACycleReceivesTheInstanceBeingBuilt() throws {
        // A prototype that got a new instance at every reference would recurse forever: Hen → Egg → Hen → …
        // Instead the reference that closes the cycle receives the Hen being built.
        let factory = try BlockComponentFactory(assemblies: [CoopAssembly(log: log, scope: .prototype)])
        let hen = try factory.resolve(CoopAssembly.hen)
        #expect(hen.egg?.hen === hen)
        #expect(log.count("init Hen") == 1)
        let another = try factory.resolve(CoopAssembly.hen)
        #expect(another !== hen, "each top-level resolution of a prototype is still new")
    }
}
