import Foundation

/// Takes a URL string apart the way routes see it: a scheme, path segments (the host is the first),
/// and query items, all percent-decoded.
enum RouteURL {
    /// The scheme and everything after `://`, without the query; `nil` without a scheme.
    static func split(_ text: String) -> (scheme: String, path: String)? {
        guard let range = text.range(of: "://") else { return nil }
        let scheme = String(text[..<range.lowerBound])
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        var rest = text[range.upperBound...]
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        return (scheme, String(rest))
    }

    /// The non-empty path segments, percent-decoded.
    static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map { decode(String($0)) }
    }

    /// The query items, percent-decoded (`+` is a space); a repeated name keeps its last value.
    static func query(_ text: String) -> [String: String] {
        guard let start = text.firstIndex(of: "?") else { return [:] }
        var query = text[text.index(after: start)...]
        if let fragment = query.firstIndex(of: "#") { query = query[..<fragment] }
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(String(parts[0]).replacingOccurrences(of: "+", with: " "))
            let value = parts.count > 1 ? decode(String(parts[1]).replacingOccurrences(of: "+", with: " ")) : ""
            items[name] = value
        }
        return items
    }

    private static func decode(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }
}
