/// The components every implementation builds: the same classes, so only the way of building differs.
class Node {}
final class Node0: Node {}
final class Node1: Node {
    let child: Node
    init(_ child: Node) { self.child = child }
}
final class Node2: Node {
    let left: Node, right: Node
    init(_ left: Node, _ right: Node) {
        self.left = left
        self.right = right
    }
}

final class Leaf {}

/// A component that takes a `Leaf` by its initializer (scenario 5i).
final class Chain {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}

/// A component that takes a `Leaf` by a property (scenario 5i).
final class Holder {
    var leaf: Leaf?
    init() {}
}

final class Service {
    let name = "service"
}

final class Worker {
    let service: Service
    init(service: Service) { self.service = service }
}

/// The distinct nodes of a graph and the references to them: what a graph scenario must have built.
func countNodes(_ root: Node) -> (distinct: Int, total: Int) {
    var seen = Set<ObjectIdentifier>()
    var total = 0
    var pending = [root]
    while let node = pending.popLast() {
        total += 1
        seen.insert(ObjectIdentifier(node))
        if let one = node as? Node1 { pending.append(one.child) }
        if let two = node as? Node2 { pending += [two.left, two.right] }
    }
    return (seen.count, total)
}
