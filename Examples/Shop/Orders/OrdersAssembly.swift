import Monsoon

/// The orders feature's services. Nothing outside the feature imports it: other features reach it
/// through the mediator target and the routes.
public final class OrdersAssembly: Assembly {
    public override var definitions: [any ComponentDefinition] { [target()] }

    public func store() -> Definition<OrderStore> {
        define { Definition { OrderStore(orders: [Order(id: 1, item: "lamp")]) }.scope(.lazySingleton) }
    }

    /// The screen for one order.
    public func detail(id: Int) -> Definition<OrderDetailScreen> {
        define(arguments: id) { [self] in Definition(OrderDetailScreen.init(id:store:), .value(id), store()) }
    }

    /// What `mediator.perform(target: "Orders", …)` calls.
    public func target() -> Definition<OrdersTarget> {
        define { Definition(OrdersTarget.init(store:), store()).scope(.lazySingleton) }
    }
}
