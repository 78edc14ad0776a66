import Monsoon
import MonsoonLifecycle
import MonsoonRouter

/// The search feature, started by the module host.
public final class SearchModule: LifecycleModule {
    public init() {}

    public var assemblies: [Assembly] { [SearchAssembly()] }

    public func setUp(_ context: ModuleContext) throws {
        try context.factory.resolve(Router.self).register("shop://search/:query", to: SearchAssembly.results(query:))
    }
}
