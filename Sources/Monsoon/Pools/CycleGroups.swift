import Synchronization

/// The shared components that may be built as part of one cycle, grouped so that one resolution at a
/// time builds any of them.
///
/// Two threads that start a cycle of shared components from opposite ends (one resolves `A`, the other
/// `B`, and `A` and `B` inject each other) would each claim one member and wait for the other's: a wait
/// that never ends. Claiming by group makes that impossible: the first resolution to claim a member of
/// a group owns the group until its claimed members settle, and the other waits for it and then finds
/// the whole cycle built. Members that cannot wait for each other (no cycle joins them) stay
/// independent, so unrelated components still build in parallel.
///
/// Groups are the strongly connected parts of the graph of registered definitions, read as data when
/// the factory completes its entries (see `Preparation`), which stores each entry's group in it: the
/// edges `DependencyEdge.mayBuildWithComponent` keeps (references, sole by-type and all-of-type
/// injections, providers, which an initializer may call; collections flattened) and parents. A cycle that only closures (`.resolved { … }`, `Definition { resolver in … }`) or
/// parameterized definitions close is invisible here; two threads entering such a cycle from opposite
/// ends still get `ErrorKind.concurrentCycle` rather than a deadlock.
enum CycleGroups {
    private static let groups = Atomic<Int>(0)

    /// A group number no other group has (groups only need to differ from each other).
    static func newGroup() -> Int {
        groups.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Tarjan's algorithm without recursion, so that a graph thousands of definitions deep cannot
    /// overflow the stack: the strongly connected components, each a list of node indexes.
    static func stronglyConnectedComponents(successors: [[Int]]) -> [[Int]] {
        let count = successors.count
        var order = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextOrder = 0
        for root in 0..<count where order[root] < 0 {
            // Each work item is a node and how many of its successors were visited.
            var work: [(node: Int, next: Int)] = [(root, 0)]
            order[root] = nextOrder; lowLink[root] = nextOrder; nextOrder += 1
            stack.append(root); onStack[root] = true
            while let (node, next) = work.last {
                if next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = successors[node][next]
                    if order[successor] < 0 {
                        order[successor] = nextOrder; lowLink[successor] = nextOrder; nextOrder += 1
                        stack.append(successor); onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], order[successor])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == order[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                components.append(component)
            }
        }
        return components
    }
}
