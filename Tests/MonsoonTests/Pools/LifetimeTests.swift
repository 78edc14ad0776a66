import Monsoon
import Testing

/// Releasing a factory frees everything it holds: no retain cycles through assemblies, definitions,
/// pools or components; weak pools never retain.
@Suite struct LifetimeTests {
    final class Tracked {
        let name: String
        init(name: String) { self.name = name }
    }

    final class TrackedAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [eager(), lazy(), weak(), graph(), holder()] }
        func eager() -> Definition<Tracked> { define { Definition(Tracked.init(name:), .value("eager")).scope(.singleton) } }
        func lazy() -> Definition<Tracked> { define { Definition(Tracked.init(name:), .value("lazy")).scope(.lazySingleton) } }
        func weak() -> Definition<Tracked> { define { Definition(Tracked.init(name:), .value("weak")).scope(.weakSingleton) } }
        func graph() -> Definition<Tracked> { define { Definition(Tracked.init(name:), .value("graph")) } }
        /// A singleton holding a provider and the factory: the usual way to build cycles by accident.
        func holder() -> Definition<Holder> {
            define { Definition(Holder.init(provider:factory:), .provider(lazy()), .factory()).scope(.singleton) }
        }
    }

    final class Holder: Sendable {
        let provider: Provider<Tracked>
        let factory: FactoryReference
        init(provider: Provider<Tracked>, factory: FactoryReference) {
            self.provider = provider
            self.factory = factory
        }
    }

    @Test func aReleasedFactoryFreesItsAssembliesDefinitionsAndSingletons() throws {
        weak var factory: BlockComponentFactory?
        weak var assembly: TrackedAssembly?
        weak var eager: Tracked?
        weak var lazy: Tracked?
        weak var holder: Holder?
        do {
            let activated = TrackedAssembly()
            assembly = activated
            let strong = try BlockComponentFactory(assemblies: [activated])
            factory = strong
            eager = try strong.resolve(TrackedAssembly.eager)
            lazy = try strong.resolve(TrackedAssembly.lazy)
            holder = try strong.resolve(TrackedAssembly.holder)
            _ = try holder?.provider()
            _ = try strong.resolve(TrackedAssembly.graph)
            #expect(eager != nil && lazy != nil && holder != nil)
        }
        #expect(factory == nil)
        #expect(assembly == nil)
        #expect(eager == nil)
        #expect(lazy == nil)
        #expect(holder == nil)
    }

    @Test func weakPoolsNeverRetain() throws {
        let factory = try BlockComponentFactory(assemblies: [TrackedAssembly()])
        weak var weakInstance: Tracked?
        do {
            let strong = try factory.resolve(TrackedAssembly.weak)
            weakInstance = strong
            #expect(weakInstance != nil)
            withExtendedLifetime(strong) {}
        }
        #expect(weakInstance == nil)
    }
}
