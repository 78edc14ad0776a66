import Monsoon
import MonsoonLifecycle
import MonsoonRouter

/// The orders feature, started by the module host: its services, and its routes once the factory exists.
public final class OrdersModule: LifecycleModule {
    public init() {}

    public var assemblies: [Assembly] { [OrdersAssembly()] }

    public func setUp(_ context: ModuleContext) throws {
        try context.factory.resolve(Router.self).register("shop://orders/:id", to: OrdersAssembly.detail(id:))
    }
}
