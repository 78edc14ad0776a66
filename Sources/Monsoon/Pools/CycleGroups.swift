import Foundation

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
/// Groups are the strongly connected parts of the graph of registered definitions, read as data:
/// references, by-type and all-of-type injections, providers (an initializer may call one), collections
/// and parents. A cycle that only closures (`.resolved { … }`, `Definition { resolver in … }`) or
/// parameterized definitions close is invisible here; two threads entering such a cycle from opposite
/// ends still get `ResolutionError.Kind.concurrentCycle` rather than a deadlock.
final class CycleGroups: Sendable {
    /// Made on first use, because only cold shared builds need it.
    private let groups = Locked<[ObjectIdentifier: Int]?>(nil)
    private let registry: Registry
    private let assemblies: AssemblyDirectory

    init(registry: Registry, assemblies: AssemblyDirectory) {
        self.registry = registry
        self.assemblies = assemblies
    }

    /// The group of a shared entry that is part of a cycle, or `nil`.
    func group(of entry: RegistryEntry) -> Int? {
        groups.withLock { groups in
            if groups == nil { groups = computeGroups() }
            return groups?[ObjectIdentifier(entry)]
        }
    }

    private func computeGroups() -> [ObjectIdentifier: Int] {
        let entries = registry.entries
        var indexOf: [ObjectIdentifier: Int] = [:]
        for (index, entry) in entries.enumerated() { indexOf[ObjectIdentifier(entry)] = index }
        let successors = entries.map { entry in
            successorEntries(of: entry).compactMap { indexOf[ObjectIdentifier($0)] }
        }
        var groups: [ObjectIdentifier: Int] = [:]
        for (number, component) in Self.stronglyConnectedComponents(successors: successors).enumerated() {
            let isCycle = component.count > 1 || successors[component[0]].contains(component[0])
            guard isCycle else { continue }
            for index in component where entries[index].cell != nil { groups[ObjectIdentifier(entries[index])] = number }
        }
        return groups
    }

    private func successorEntries(of entry: RegistryEntry) -> [RegistryEntry] {
        var result: [RegistryEntry] = []
        if let parent = entry.definition.parent, let parentEntry = registered(parent) { result.append(parentEntry) }
        for dependency in entry.definition.dependencies { collect(dependency.target, into: &result) }
        return result
    }

    private func collect(_ target: Dependency.Target, into result: inout [RegistryEntry]) {
        switch target {
        case .definition(let reference), .provider(let reference):
            if let found = registered(reference) { result.append(found) }
        case .type(let type):
            if let only = registry.soleEntry(declaring: ObjectIdentifier(type)) { result.append(only) }
        case .allOfType(let type):
            result += registry.byType[ObjectIdentifier(type)] ?? []
        case .collection(let targets):
            for element in targets { collect(element, into: &result) }
        case .value, .config, .opaque:
            break
        }
    }

    private func registered(_ reference: DefinitionReference) -> RegistryEntry? {
        guard reference.parameterized == nil else { return nil }
        if let entry = registry.entry(identifiedBy: reference.identity) { return entry }
        return assemblies.replacementKey(for: reference).flatMap { registry.entry(forKey: $0) }
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
