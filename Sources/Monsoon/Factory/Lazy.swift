import Foundation

/// A component built at most once, on first use, within the graph it was injected in: Swinject's
/// `Lazy<T>`.
///
/// ```swift
/// final class Checkout {
///     let receipts: Lazy<ReceiptPrinter>
///     init(receipts: Lazy<ReceiptPrinter>) { self.receipts = receipts }
///     func finish() throws { try receipts().print() }     // built here, the first time
/// }
/// func checkout() -> Definition<Checkout> { define { Definition(Checkout.init(receipts:), .lazy(printer())) } }
/// ```
///
/// - The first call builds the component, obeying its definition's scope; every later call returns
///   that same instance, whatever the scope (a ``Provider`` resolves again at each call).
/// - The build belongs to the graph the lazy was injected in: an objectGraph component it reaches is
///   the instance the rest of that graph got. Called while that graph is still being built on the same
///   thread (from a hook), it joins it.
/// - Safe from any thread: callers racing for the first build wait for it (no longer than the
///   factory's `sharedBuildWait`), and get the one instance. A build that fails throws to its caller
///   and leaves the lazy unbuilt, so a waiting caller tries the build itself.
/// - It holds its factory and its graph weakly: an objectGraph component nothing holds any more is
///   built anew. Its first call is a resolution like any other, so a closed child refuses it; once
///   built, it returns its component whatever becomes of the factory (closed, released).
///
/// - Note: Shown in the graph and validated as a provider edge: built later, never with the component
///   that holds it.
public final class Lazy<T>: @unchecked Sendable {
    // Unchecked: every mutable field is read and written under `condition`; the component is handed
    // to whichever thread calls, as pools hand shared components.
    private let factory: FactoryReference
    private let reference: DefinitionReference
    private let condition = NSCondition()
    private var state: State
    /// The objectGraph components of the graph the lazy was injected in, once that resolution ended;
    /// dropped once the component is built. Guarded by `condition`.
    private var graph: GraphSnapshot?

    private enum State {
        case pending
        /// Being built on the thread `thread` (which a second call from it would wait for forever).
        case building(thread: ThreadIdentity)
        case built(T)
    }

    init(factory: FactoryReference, reference: DefinitionReference, graph: GraphSnapshot?) {
        self.factory = factory
        self.reference = reference
        self.graph = graph
        self.state = .pending
    }

    /// The component: built by the first call, the same instance afterwards.
    ///
    /// - Throws: ``ResolutionError``: what its build throws, `ErrorKind.factoryReleased` when the
    ///   factory is gone before the first call, `ErrorKind.initializerCycle` when its own build calls it,
    ///   `ErrorKind.sharedBuildTimedOut` when another thread's first build outlasts the factory's
    ///   `sharedBuildWait`.
    public func callAsFunction() throws(ResolutionError) -> T {
        // What it built outlives its factory: a session's lazy keeps working after logout.
        if let built { return built }
        let factory = try factory.get()
        return try factory.reportingFailure { () throws(ResolutionError) in try component(from: factory) }
    }

    /// The component, once built.
    private var built: T? {
        condition.lock()
        defer { condition.unlock() }
        guard case .built(let component) = state else { return nil }
        return component
    }

    private func component(from factory: BlockComponentFactory) throws(ResolutionError) -> T {
        let thread = ThreadIdentity.current
        let deadline = Date().addingTimeInterval(factory.limits.sharedBuildWait.seconds)
        condition.lock()
        while true {
            switch state {
            case .built(let component):
                condition.unlock()
                return component
            case .building(let builder):
                if builder == thread {
                    condition.unlock()
                    throw .lazyCallsItsOwnBuild(reference.function)
                }
                if !condition.wait(until: deadline), Date() >= deadline {
                    condition.unlock()
                    throw .sharedBuildTimedOut(reference.function, waited: factory.limits.sharedBuildWait, path: [])
                }
            case .pending:
                state = .building(thread: thread)
                let graph = self.graph
                condition.unlock()
                let built: T
                do {
                    built = try build(from: factory, in: graph)
                } catch {
                    let error = error.asyncRequired(in: .synchronousProvider("a Lazy"))
                    condition.lock()
                    state = .pending
                    condition.broadcast()
                    condition.unlock()
                    throw error
                }
                condition.lock()
                state = .built(built)
                self.graph = nil
                condition.broadcast()
                condition.unlock()
                return built
            }
        }
    }

    /// Builds in the graph the lazy came from: a new resolution that starts with that graph's
    /// objectGraph components, or the resolution still building it on this thread.
    private func build(from factory: BlockComponentFactory, in graph: GraphSnapshot?) throws(ResolutionError) -> T {
        let entry = try factory.entry(for: reference, declaredType: T.self, path: [])
        return try factory.withResolution(of: .entry(entry)) { context throws(ResolutionError) in
            if let graph, context.stack.frames.isEmpty { context.inherit(graph) }
            return try context.calledFromInitializer(as: "Lazy", of: entry) { () throws(ResolutionError) in try context.component(of: entry, as: T.self) }
        }
    }
}

/// The objectGraph components of one finished resolution, kept for the ``Lazy`` values it injected.
///
/// Held weakly: the component holding a lazy is usually one of them, and a strong reference would make
/// a cycle (holder → lazy → snapshot → holder). A component nothing else holds any more is built anew
/// by the lazy's resolution, which nobody can tell from reusing it; one that is not a class instance is
/// not kept. Keyed by entries the factory's catalog holds (never a resolution's own parameterized
/// entries, which are freed when it ends).
///
/// Unchecked `Sendable`: written once, by the resolution's thread as it finishes, and read, under the
/// lock; a component it hands out goes to the thread that first calls a lazy, as a pool hands shared
/// ones.
final class GraphSnapshot: @unchecked Sendable {
    private struct Held {
        /// Kept, so that its address, the key, is never reused for another entry while the snapshot
        /// lives (an entry made for argument values outside a resolution's table is freed after it).
        let entry: RegistryEntry
        weak var object: AnyObject?
    }

    private let instances = Locked<[ObjectIdentifier: Held]>([:])

    func fill(_ recorded: [(entry: RegistryEntry, instance: StoredInstance)]) {
        var held: [ObjectIdentifier: Held] = [:]
        for (entry, instance) in recorded {
            // A class instance declared as a protocol is boxed in the slot, and kept like any other.
            let value = instance.value
            guard type(of: value) is AnyClass else { continue }
            held[ObjectIdentifier(entry)] = Held(entry: entry, object: value as AnyObject)
        }
        instances.withLock { $0 = held }
    }

    func instance(of entry: RegistryEntry) -> StoredInstance? {
        instances.withLock { $0[ObjectIdentifier(entry)]?.object }.map { StoredInstance(erased: $0) }
    }
}

extension Injectable {
    /// Injects a ``Lazy`` that builds `definition`'s component on its first call, in the graph it was
    /// injected in, and returns that one instance from then on.
    public static func lazy<V>(_ definition: Definition<V>) -> Injection<Lazy<V>> where Self == Injection<Lazy<V>> {
        let reference = definition.reference
        return Injection(target: .synchronousProvider(reference)) { resolver in
            Lazy(factory: resolver.factory, reference: reference, graph: resolver.graphSnapshot())
        }
    }
}
