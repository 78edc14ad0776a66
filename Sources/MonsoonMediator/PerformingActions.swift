import Foundation

/// The actions being performed on the current thread, outermost first: an action that performs
/// actions leading back to itself without end is stopped with a typed error once the chain is
/// ``maximumDepth`` long, instead of recursing until the stack overflows.
enum PerformingActions {
    static let maximumDepth = 64
    private static let key = "MonsoonMediator.PerformingActions"

    static func performing<Result>(_ call: String, _ body: () throws(MediatorError) -> Result) throws(MediatorError) -> Result {
        let dictionary = Thread.current.threadDictionary
        let running = dictionary[key] as? [String] ?? []
        guard running.count < maximumDepth else {
            let cycle = running.suffix(6).joined(separator: " → ")
            throw MediatorError(.callLoop, "Performing \(call) nested more than \(maximumDepth) actions deep (… \(cycle) → \(call)); an action keeps performing actions that lead back to it")
        }
        dictionary[key] = running + [call]
        defer { dictionary[key] = running.isEmpty ? nil : running }
        return try body()
    }
}
