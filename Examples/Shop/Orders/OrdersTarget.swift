import MonsoonMediator

/// The orders feature's actions, by name, for features that do not import it.
public final class OrdersTarget: MediatorTarget, Sendable {
    public static let targetName = "Orders"

    public static var actions: [MediatorAction<OrdersTarget>] {
        [
            MediatorAction("place") { target, parameters in target.store.place(try parameters.value("item", as: String.self)).id },
            MediatorAction("count") { target, parameters in target.store.count(of: try parameters.value("item", as: String.self)) },
        ]
    }

    let store: OrderStore

    init(store: OrderStore) {
        self.store = store
    }
}
