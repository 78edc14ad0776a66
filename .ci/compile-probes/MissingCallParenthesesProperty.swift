// expect: no exact matches in call to instance method 'inject'
import Monsoon

// The same mistake as MissingCallParentheses.swift in a property injection: Swift names no argument.
final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> {
        define { Definition(Knight.init(quest:horse:), quest(), horse()).inject(\.sword, sword) }
    }
}
