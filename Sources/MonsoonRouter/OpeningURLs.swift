import Foundation

/// The URLs being opened on the current thread, outermost first: a handler that opens a URL which
/// leads back to itself (a redirect loop) is stopped with a typed error instead of recursing until the
/// stack overflows.
enum OpeningURLs {
    /// How many opens may nest on one thread before it is called a loop even without a repeat.
    static let maximumDepth = 64
    private static let key = "MonsoonRouter.OpeningURLs"

    /// Runs `body` with `url` recorded as being opened.
    ///
    /// - Throws: ``RouterError/Kind/routeLoop`` when `url` is already being opened on this thread or the
    ///   nesting is too deep.
    static func opening<Result>(_ url: String, _ body: () throws(RouterError) -> Result) throws(RouterError) -> Result {
        let dictionary = Thread.current.threadDictionary
        let open = dictionary[key] as? [String] ?? []
        if open.contains(url) || open.count >= maximumDepth {
            let chain = (open + [url]).joined(separator: " → ")
            throw RouterError(.routeLoop, open.contains(url)
                ? "Opening \(url) led back to opening it again: \(chain); a route's handler must not open a URL that routes back to it"
                : "Opening URLs nested more than \(maximumDepth) deep: \(chain)")
        }
        dictionary[key] = open + [url]
        defer { dictionary[key] = open.isEmpty ? nil : open }
        return try body()
    }
}
