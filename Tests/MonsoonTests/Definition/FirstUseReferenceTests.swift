@testable import Monsoon
import Testing

// What a body reaches that no assembly lists, and which entries keep a build made for detached use:
// internals the start-up path saves work with, checked here so that a saving never costs a
// registration or a build.

/// How many times a body ran.
final class ReferenceLog: @unchecked Sendable {
    private let runs = Locked<[String: Int]>([:])
    func record(_ name: String, _ reference: Definition<some Any>) {
        runs.withLock { $0[name, default: 0] += 1 }
    }
    func count(_ name: String) -> Int { runs.withLock { $0[name] ?? 0 } }
}

final class Tiller {}

final class Mast {
    let height: Int
    init(height: Int) { self.height = height }
}

final class Keel {
    let tiller: Tiller
    var rudder: Tiller?
    init(tiller: Tiller) { self.tiller = tiller }
}

final class FirstUseAssembly: Assembly {
    let log: ReferenceLog
    init(log: ReferenceLog) { self.log = log }

    // `spare()` is listed by no one: only `keel()`'s body reaches it.
    override var definitions: [any ComponentDefinition] { [tiller(), keel(), loose()] }

    func tiller() -> Definition<Tiller> { define(.lazySingleton) { Definition(Tiller.init) } }
    func spare() -> Definition<Tiller> { define(.singleton) { Definition(Tiller.init) } }
    func loose() -> Definition<Tiller> { define(.prototype) { Definition(Tiller.init) } }

    func keel() -> Definition<Keel> {
        define(.objectGraph) { [self] in
            let registered = tiller()
            let unlisted = spare()
            log.record("tiller", registered)
            log.record("spare", unlisted)
            return Definition(Keel.init(tiller:), registered).inject(\.rudder, unlisted)
        }
    }
}

@Suite struct FirstUseReferenceTests {
    @Test func aDefinitionOnlyABodyReachesIsRegisteredAtActivationAndTheBodyRunsOnce() throws {
        let log = ReferenceLog()
        let factory = try BlockComponentFactory(assemblies: [FirstUseAssembly(log: log)])
        #expect(factory.definitions.map(\.key).contains("FirstUseAssembly.spare()"), "no assembly lists spare(): keel()'s body reached it")
        let keel = try factory.resolve(FirstUseAssembly.keel)
        #expect(log.count("spare") == 1, "activation ran keel()'s body once; the resolution ran none")
        #expect(keel.tiller === (try factory.resolve(FirstUseAssembly.tiller)), "the plain reference builds the registered lazySingleton")
        let spare = try #require(keel.rudder)
        #expect(spare === (try factory.resolve(FirstUseAssembly.spare)), "spare() was registered when keel() was first used, and shared")
    }

    @Test func onlyAnEntryThatBuildsDetachedKeepsADetachedBuild() throws {
        let factory = try BlockComponentFactory(assemblies: [FirstUseAssembly(log: ReferenceLog())])
        _ = try factory.resolve(FirstUseAssembly.keel)
        _ = try factory.resolve(FirstUseAssembly.loose)
        func entry(_ key: String) throws -> RegistryEntry {
            try #require(factory.catalog.allEntries.first { $0.key == key }, "no entry \(key)")
        }
        #expect(try entry("FirstUseAssembly.loose()").detachedMake != nil, "a prototype that injects nothing builds without a resolution")
        #expect(try entry("FirstUseAssembly.tiller()").detachedMake == nil, "a shared component is pooled: it never builds detached")
        #expect(try entry("FirstUseAssembly.keel()").detachedMake == nil, "a component that injects needs a resolution")
        #expect(try factory.resolve(FirstUseAssembly.loose) !== (try factory.resolve(FirstUseAssembly.loose)))
    }

    @Test func initializersWithoutArgumentsShareOneCallShape() {
        let first = Definition(Tiller.init).storage?.recipe.initializer?.shape
        let second = Definition(Mast.init(height:), .value(3)).storage?.recipe.initializer?.shape
        let third = Definition { Tiller() }.storage?.recipe.initializer?.shape
        #expect(first != nil && first === third, "no argument: one shared shape")
        #expect(second !== first, "an argument: a shape of its own, which lists it")
        #expect(second?.dependencies.count == 1)
    }
}
