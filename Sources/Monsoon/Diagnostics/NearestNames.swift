/// The candidates closest to `name` by edit distance (case-insensitive), best first, for
/// "did you mean" advice: those within a third of the name's length and at most one edit further than
/// the best, so a long shared prefix does not drag in every sibling.
///
/// - Complexity: O(*m* · *k*) for *m* candidates and a threshold *k*: candidates whose length or whose
///   characters alone put them too far are skipped, and the distance of the others is computed in a band
///   *k* wide, stopping as soon as it exceeds the threshold (a million keys: tens of milliseconds).
package func nearestNames(to name: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
    let target = Array(name.lowercased().unicodeScalars)
    let threshold = max(2, target.count / 3)
    var measure = BoundedEditDistance(target: target, threshold: threshold)
    var scored: [(name: String, distance: Int)] = []
    var best = threshold
    for candidate in candidates {
        // One more than the best is the furthest that can still be suggested.
        guard let distance = measure.distance(to: candidate, atMost: min(threshold, best + 1)) else { continue }
        scored.append((candidate, distance))
        best = min(best, distance)
    }
    scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
    return scored.prefix { $0.distance <= best + 1 }.prefix(limit).map(\.name)
}

/// `summary` as a sentence, followed by "Did you mean: …?" when there are `suggestions`: the shape of
/// every message that names the nearest valid names (Monsoon's companion libraries use it too).
package func sentence(_ summary: String, suggesting suggestions: [String]) -> String {
    let sentence = summary.hasSuffix(".") ? summary : summary + "."
    return sentence + (suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?")
}

/// Levenshtein distance to one target, case-insensitive, computed only as far as a bound: the rows are
/// kept between calls, only the diagonal band the bound allows is filled, and a row whose every cell is
/// past the bound ends the computation.
struct BoundedEditDistance {
    private let target: [Unicode.Scalar]
    private var previous: [Int]
    private var current: [Int]
    private var candidate: [Unicode.Scalar] = []
    /// For each ASCII character, how many more of it the target has than the part of the candidate
    /// counted so far; the target's counts between calls.
    private var unmatched: [Int16]
    /// How many of the target's characters are ASCII.
    private let targetASCIICount: Int

    init(target: [Unicode.Scalar], threshold: Int) {
        self.target = target
        previous = Array(repeating: 0, count: target.count + 1)
        current = previous
        var counts = Array(repeating: Int16(0), count: 128)
        for scalar in target where scalar.value < 128 { counts[Int(scalar.value)] &+= 1 }
        unmatched = counts
        targetASCIICount = target.count { $0.value < 128 }
    }

    /// The distance from `text` to the target, or `nil` when it is more than `bound`.
    mutating func distance(to text: String, atMost bound: Int) -> Int? {
        // Lengths first: most candidates are ruled out without looking at a character.
        let length = text.utf8.count
        if length > (target.count + bound) * 4 { return nil }
        // Then, for an ASCII name, the characters it has: a bound without building anything.
        let bytes = text.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) && (abs(length - target.count) > bound || characterCountBound(bytes, count: length) > bound) {
            return nil
        }
        candidate.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars { candidate.append(Self.lowercased(scalar)) }
        if abs(candidate.count - target.count) > bound { return nil }
        if candidate.isEmpty { return target.count <= bound ? target.count : nil }
        if target.isEmpty { return candidate.count <= bound ? candidate.count : nil }
        let width = target.count
        let outside = bound + 1
        for j in 0...width { previous[j] = j <= bound ? j : outside }
        for i in 1...candidate.count {
            let low = max(1, i - bound)
            let high = min(width, i + bound)
            current[0] = i <= bound ? i : outside
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            let scalar = candidate[i - 1]
            var j = low
            while j <= high {
                let substitution = previous[j - 1] + (target[j - 1] == scalar ? 0 : 1)
                let value = min(substitution, min(previous[j], current[j - 1]) + 1, outside)
                current[j] = value
                rowMinimum = min(rowMinimum, value)
                j += 1
            }
            if high < width { current[high + 1] = outside }
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        let result = previous[width]
        return result <= bound ? result : nil
    }

    /// A lower bound of the distance from the characters alone: each edit adds, removes or changes one
    /// character, so the distance is at least the larger of what either side has that the other lacks.
    /// Counted over ASCII characters only (an ASCII candidate's, the target's ASCII ones), which keeps
    /// it a lower bound whatever else the target holds.
    private mutating func characterCountBound(_ bytes: String.UTF8View, count: Int) -> Int {
        var extra = 0
        for byte in bytes {
            let index = Int(byte >= 65 && byte <= 90 ? byte + 32 : byte)
            if unmatched[index] <= 0 { extra += 1 }
            unmatched[index] -= 1
        }
        for byte in bytes { unmatched[Int(byte >= 65 && byte <= 90 ? byte + 32 : byte)] += 1 }
        let missing = targetASCIICount - (count - extra)
        return max(extra, missing)
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.value >= 65, scalar.value <= 90 { return Unicode.Scalar(scalar.value + 32) ?? scalar }
        guard scalar.value >= 0x80 else { return scalar }
        return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }
}
