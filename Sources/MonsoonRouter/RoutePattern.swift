/// A parsed URL pattern: `app://orders/:id`, `app://search/*`. Segments after the scheme are literal
/// text, `:name` (one segment, captured as a parameter) or a final `*` (every remaining segment).
struct RoutePattern: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case wildcard
    }

    let text: String
    let scheme: String
    let segments: [Segment]

    init(_ text: String) throws(RouterError) {
        guard let (scheme, path) = RouteURL.split(text) else {
            throw RouterError(.invalidPattern, "The pattern \"\(text)\" has no scheme; write it like app://orders/:id")
        }
        var segments: [Segment] = []
        var names: Set<String> = []
        let parts = RouteURL.segments(path)
        for (index, part) in parts.enumerated() {
            if part == "*" {
                guard index == parts.count - 1 else {
                    throw RouterError(.invalidPattern, "The pattern \"\(text)\" has * before its last segment; * matches the rest of a URL, so it comes last")
                }
                segments.append(.wildcard)
            } else if part.hasPrefix(":") {
                let name = String(part.dropFirst())
                guard !name.isEmpty else { throw RouterError(.invalidPattern, "The pattern \"\(text)\" has a : without a parameter name") }
                guard names.insert(name).inserted else {
                    throw RouterError(.invalidPattern, "The pattern \"\(text)\" names the parameter \"\(name)\" twice")
                }
                segments.append(.parameter(name))
            } else {
                segments.append(.literal(part.lowercased()))
            }
        }
        self.text = text
        self.scheme = scheme.lowercased()
        self.segments = segments
    }

    /// What the pattern matches, whatever its parameters are called: `app://orders/:id` and
    /// `app://orders/:number` have one shape, so registering both is a duplicate.
    var shape: String {
        scheme + "://" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: ":"
            case .wildcard: "*"
            }
        }.joined(separator: "/")
    }

    /// The names of the parameters, in order.
    var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The path parameters and the wildcard's text when `segments` match, `nil` otherwise.
    func match(scheme: String, segments candidate: [String]) -> (parameters: [String: String], wildcard: String?)? {
        guard scheme.lowercased() == self.scheme else { return nil }
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .wildcard:
                return (parameters, candidate[index...].joined(separator: "/"))
            case .literal(let text):
                guard index < candidate.count, candidate[index].lowercased() == text else { return nil }
            case .parameter(let name):
                guard index < candidate.count, !candidate[index].isEmpty else { return nil }
                parameters[name] = candidate[index]
            }
        }
        return candidate.count == segments.count ? (parameters, nil) : nil
    }

    /// How specific the pattern is, compared segment by segment: a literal beats a parameter, which
    /// beats the wildcard; so `app://orders/new` wins over `app://orders/:id` for `app://orders/new`.
    /// A pattern that ends without a wildcard ends with a mark that also beats it, so `app://search`
    /// wins over `app://search/*` for `app://search`.
    var specificity: [Int] {
        let ranks = segments.map { segment in
            switch segment {
            case .literal: 2
            case .parameter: 1
            case .wildcard: 0
            }
        }
        return segments.last == .wildcard ? ranks : ranks + [1]
    }
}
