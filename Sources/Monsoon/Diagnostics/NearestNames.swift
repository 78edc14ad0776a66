/// The candidates closest to `name` by edit distance (case-insensitive), best first, for
/// "did you mean" advice: those within a third of the name's length and at most one edit further than
/// the best, so a long shared prefix does not drag in every sibling.
package func nearestNames(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
    let target = Array(name.lowercased())
    let threshold = max(2, target.count / 3)
    let scored = candidates
        .map { (name: $0, distance: editDistance(target, Array($0.lowercased()))) }
        .filter { $0.distance <= threshold }
        .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
    guard let best = scored.first?.distance else { return [] }
    return scored.prefix { $0.distance <= best + 1 }.prefix(limit).map(\.name)
}

/// `summary` as a sentence, followed by "Did you mean: …?" when there are `suggestions`: the shape of
/// every message that names the nearest valid names (Monsoon's companion libraries use it too).
package func sentence(_ summary: String, suggesting suggestions: [String]) -> String {
    let sentence = summary.hasSuffix(".") ? summary : summary + "."
    return sentence + (suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?")
}

/// Levenshtein distance between two character arrays.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
