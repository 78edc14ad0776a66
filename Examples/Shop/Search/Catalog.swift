import Foundation

/// What the shop sells.
struct Catalog: Sendable {
    let items = ["lamp", "desk lamp", "lamp shade", "chair", "desk"]

    func search(_ query: String) -> [String] {
        items.filter { $0.localizedLowercase.contains(query.localizedLowercase) }
    }
}
