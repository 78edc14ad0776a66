import Foundation

/// One order of the shop.
public struct Order: Sendable, Equatable {
    public let id: Int
    public let item: String
}

/// Where orders are kept: shared by everything in the orders feature.
public final class OrderStore: @unchecked Sendable {
    // Unchecked: `orders` is read and written only under `lock`.
    private let lock = NSLock()
    private var orders: [Order]

    init(orders: [Order]) {
        self.orders = orders
    }

    /// Records an order of `item` and returns it.
    func place(_ item: String) -> Order {
        lock.withLock {
            let order = Order(id: (orders.map(\.id).max() ?? 0) + 1, item: item)
            orders.append(order)
            return order
        }
    }

    func order(id: Int) -> Order? {
        lock.withLock { orders.first { $0.id == id } }
    }

    func count(of item: String) -> Int {
        lock.withLock { orders.filter { $0.item == item }.count }
    }
}
