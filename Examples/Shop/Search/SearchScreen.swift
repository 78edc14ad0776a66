import MonsoonMediator
import MonsoonRouter

/// Search results, each with how often it was ordered; buying one places the order through the
/// mediator and opens the order's screen through the router. It knows the orders feature only by the
/// names `Orders` and `shop://orders/:id`.
public struct SearchScreen: Sendable {
    public let query: String
    public let results: [String]
    let mediator: Mediator
    let router: Router

    init(query: String, catalog: Catalog, mediator: Mediator, router: Router) {
        self.query = query
        self.results = catalog.search(query)
        self.mediator = mediator
        self.router = router
    }

    /// The results, one per line.
    public func render() throws -> String {
        guard !results.isEmpty else { return "No results for \"\(query)\"" }
        return try results.map { item in "\(item) (ordered \(try mediator.orderCount(of: item)) times)" }.joined(separator: "\n")
    }

    /// Orders the first result and returns what the order's screen shows.
    public func buyFirst() throws -> String {
        guard let item = results.first else { return "Nothing to buy for \"\(query)\"" }
        let id = try mediator.placeOrder(of: item)
        guard let screen = try router.open("shop://orders/\(id)") as? any CustomStringConvertible else {
            return "Ordered \(item) (#\(id))"
        }
        return screen.description
    }
}
