import MonsoonMediator

// The typed layer over the orders feature's names (CTMediator's category): the search feature calls
// these and the compiler checks the types, without importing the orders feature.
extension Mediator {
    /// Places an order of `item` and returns its id.
    func placeOrder(of item: String) throws(MediatorError) -> Int {
        try perform(target: "Orders", action: "place", parameters: ["item": item], as: Int.self)
    }

    /// How many times `item` was ordered.
    func orderCount(of item: String) throws(MediatorError) -> Int {
        try perform(target: "Orders", action: "count", parameters: ["item": item], as: Int.self)
    }
}
