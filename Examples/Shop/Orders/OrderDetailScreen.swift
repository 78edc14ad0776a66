/// The screen showing one order, built for the order's id (a parameterized definition): what
/// `shop://orders/:id` opens.
public struct OrderDetailScreen: Sendable, CustomStringConvertible {
    public let text: String
    public var description: String { text }

    init(id: Int, store: OrderStore) throws {
        guard let order = store.order(id: id) else { throw OrdersError.noSuchOrder(id) }
        text = "Order #\(order.id): \(order.item)"
    }
}

/// What the orders feature reports to callers.
public enum OrdersError: Error, CustomStringConvertible {
    case noSuchOrder(Int)

    public var description: String {
        switch self {
        case .noSuchOrder(let id): "there is no order #\(id)"
        }
    }
}
