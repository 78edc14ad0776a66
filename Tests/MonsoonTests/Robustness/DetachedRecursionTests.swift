import Monsoon
import Testing

/// Lets an initializer reach the factory building it: test-only, one thread.
private final class FactoryProbe: @unchecked Sendable {
    weak var factory: BlockComponentFactory?
    var innerError: ErrorKind?
}

/// A component whose initializer takes only a fixed value — so it is built without a resolution — and
/// resolves itself from the factory.
private final class Ouroboros {
    init(probe: FactoryProbe) {
        do throws(ResolutionError) {
            _ = try probe.factory?.resolve(Ouroboros.self)
        } catch {
            probe.innerError = error.kind
        }
    }
}

private final class OuroborosAssembly: Assembly {
    let probe: FactoryProbe
    let scope: Scope
    init(probe: FactoryProbe, scope: Scope) { (self.probe, self.scope) = (probe, scope) }
    override var definitions: [any ComponentDefinition] { [ouroboros()] }
    func ouroboros() -> Definition<Ouroboros> { define { Definition(Ouroboros.init(probe:), .value(probe)).scope(scope) } }
}

@Suite struct DetachedRecursionTests {
    @Test(arguments: [Scope.objectGraph, .prototype])
    func anInitializerThatResolvesItselfEndsInATypedErrorNotAStackOverflow(scope: Scope) throws {
        let probe = FactoryProbe()
        let factory = try BlockComponentFactory(assemblies: [OuroborosAssembly(probe: probe, scope: scope)])
        probe.factory = factory
        _ = try factory.resolve(Ouroboros.self)
        // The inner resolution finds the component in its own initializer: a cycle through initializers,
        // in either scope (a prototype's initializer cannot receive itself either).
        #expect(probe.innerError == .initializerCycle)
    }
}
