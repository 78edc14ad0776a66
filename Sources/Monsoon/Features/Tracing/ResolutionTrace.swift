/// What one resolution did, as a tree: for every component requested, whether it was built or reused,
/// and from which pool.
///
/// ```swift
/// let (knight, trace) = try factory.trace { try factory.resolve(QuestAssembly.knight) }
/// print(trace)
/// // QuestAssembly.knight()  built (objectGraph)
/// //   QuestAssembly.quest()  built (objectGraph)
/// //   QuestAssembly.horse()  built (prototype)
/// //   QuestAssembly.logDefinition()  reused from the singleton pool
/// ```
public struct ResolutionTrace: Sendable, CustomStringConvertible {
    /// Where a component came from.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        /// Built now, in the given scope.
        case built(Scope)
        /// Already built in this resolution's object graph.
        case objectGraphPool
        /// Already built and published in the factory's pool of the given scope.
        case sharedPool(Scope)
        /// Being built further up this resolution: a cycle closed with the half-built instance.
        case inFlight
        /// Produced by a test patch.
        case patch
        /// The request failed.
        case failed

        public var description: String {
            switch self {
            case .built(let scope): "built (\(scope))"
            case .objectGraphPool: "reused from the object graph"
            case .sharedPool(let scope): "reused from the \(scope) pool"
            case .inFlight: "the instance being built (cycle)"
            case .patch: "from a test patch"
            case .failed: "failed"
            }
        }
    }

    /// One component requested during the resolution.
    public struct Node: Sendable {
        /// The definition key of the component.
        public let key: String
        /// Where the component came from: built, or reused from which pool.
        public internal(set) var source: Source
        /// The components it received, in the order they were requested.
        public internal(set) var children: [Node]
    }

    /// The components requested at the top level, in order.
    public let roots: [Node]

    public var description: String {
        var lines: [String] = []
        func render(_ node: Node, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + "\(node.key)  \(node.source)")
            for child in node.children { render(child, depth: depth + 1) }
        }
        for root in roots { render(root, depth: 0) }
        return lines.joined(separator: "\n")
    }
}

/// Records a trace while a resolution runs; one per traced resolution, used by its thread only.
final class ResolutionTracer {
    private var stack: [ResolutionTrace.Node] = []
    private(set) var roots: [ResolutionTrace.Node] = []

    func begin(_ key: String) {
        stack.append(ResolutionTrace.Node(key: key, source: .failed, children: []))
    }

    /// Sets where the component being requested came from (the last call wins: a build beats a reuse).
    func note(_ source: ResolutionTrace.Source) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].source = source
    }

    func end() {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty { roots.append(node) } else { stack[stack.count - 1].children.append(node) }
    }
}

extension ResolutionTracer {
    /// Runs `body` with resolution tracing on for `factory` on this thread (see
    /// ``BlockComponentFactory/trace(_:)``), and returns its result with the trace of every resolution it made.
    static func tracing<T>(_ factory: BlockComponentFactory, _ body: () throws -> T) rethrows -> (T, ResolutionTrace) {
        let tracer = ResolutionTracer()
        let state = ThreadState.current
        let previous = state.pointee.resolutions.pendingTracer
        state.pointee.resolutions.pendingTracer = (tracer, ObjectIdentifier(factory))
        factory.patches.beginBypass()  // warm paths skip resolutions, and so tracing: send everything the slow way
        defer {
            factory.patches.endBypass()
            state.pointee.resolutions.pendingTracer = previous
        }
        let result = try body()
        return (result, ResolutionTrace(roots: tracer.roots))
    }
}
