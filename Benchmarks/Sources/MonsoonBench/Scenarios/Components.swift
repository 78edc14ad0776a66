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

final class Service {
    let name = "service"
}

final class Worker {
    let service: Service
    init(service: Service) { self.service = service }
}
