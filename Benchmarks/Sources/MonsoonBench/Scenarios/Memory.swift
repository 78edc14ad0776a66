import HeapUsage
import Monsoon
import Swinject

/// Scenario 7: heap bytes retained per registered definition after activating 10,000 definitions.
struct MemoryRow: Encodable {
    let container: String
    let bytesPerDefinition: Double
}

func memoryRows() -> [MemoryRow] {
    func retained(per definitions: Int = 10_000, _ build: () -> Any) -> Double {
        let before = heap_bytes_in_use()
        let kept = build()
        let after = heap_bytes_in_use()
        withExtendedLifetime(kept) {}
        return Double(Int(after) - Int(before)) / Double(definitions)
    }
    guard heap_bytes_in_use() > 0 else { return [] }
    let monsoon = retained { (try? BlockComponentFactory(assemblies: monsoonAssemblies100())) as Any }
    let swinject = retained {
        let container = Container()
        for index in 0..<100 { registerSwinject100(container, tag: "Tag\(index)") }
        return container
    }
    // The same per definition once each of 1,000 was resolved (objectGraph: nothing pooled), as start-up
    // leaves the definitions an app uses.
    let monsoonUsed = retained(per: 1_000) {
        let factory = try? BlockComponentFactory(assemblies: monsoonAssemblies10())
        if let factory { resolveEachDeferredAll(factory) }
        return factory as Any
    }
    let swinjectUsed = retained(per: 1_000) {
        let container = Container()
        for index in 0..<100 { registerSwinject10(container, tag: "Tag\(index)") }
        for name in swinjectNames10 { blackHole(container.resolve(Leaf.self, name: name)) }
        return container
    }
    return [MemoryRow(container: "Monsoon", bytesPerDefinition: monsoon), MemoryRow(container: "Swinject", bytesPerDefinition: swinject),
            MemoryRow(container: "Monsoon, each resolved once (1,000)", bytesPerDefinition: monsoonUsed),
            MemoryRow(container: "Swinject, each resolved once (1,000)", bytesPerDefinition: swinjectUsed)]
}

/// Issue 30's session target: log in (a child factory with the user's assembly), use, log out
/// (`close()`), a thousand times after a hundred to warm up; the heap must not grow with the count.
final class SessionBenchUser: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

final class SessionBenchAPI: Sendable {}

final class SessionBenchCart: Sendable {
    let user: SessionBenchUser
    let api: SessionBenchAPI
    init(user: SessionBenchUser, api: SessionBenchAPI) {
        self.user = user
        self.api = api
    }
}

final class SessionBenchApp: Monsoon.Assembly {
    override var definitions: [any ComponentDefinition] { [api()] }
    func api() -> Definition<SessionBenchAPI> { define(.lazySingleton) { Definition(SessionBenchAPI.init) } }
}

final class SessionBenchAssembly: Monsoon.Assembly {
    let user: SessionBenchUser
    let app: SessionBenchApp
    init(user: SessionBenchUser, app: SessionBenchApp) {
        self.user = user
        self.app = app
    }
    override var definitions: [any ComponentDefinition] { [cart()] }
    func cart() -> Definition<SessionBenchCart> {
        define(.lazySingleton) { [self] in Definition(SessionBenchCart.init(user:api:), .value(user), app.api()).teardown { _ in } }
    }
}

/// Heap in use after the warm-up and after the thousand sessions; `nil` where the heap cannot be read.
func sessionHeap() async -> (warm: Int, after: Int, sessions: Int)? {
    guard heap_bytes_in_use() > 0 else { return nil }
    let app = SessionBenchApp()
    guard let factory = try? BlockComponentFactory(assemblies: [app]) else { return nil }
    func logInAndOut(_ count: Int) async {
        for index in 0..<count {
            guard let session = try? factory.child(SessionBenchAssembly(user: SessionBenchUser(name: "user\(index)"), app: app)) else { continue }
            _ = try? await session.resolve(SessionBenchAssembly.cart)
            try? await session.close()
        }
    }
    await logInAndOut(100)
    let warm = Int(heap_bytes_in_use())
    await logInAndOut(1_000)
    return (warm, Int(heap_bytes_in_use()), 1_000)
}

/// Issue 47's measure of a child's cost: a session opened over a parent of 10,000 definitions (the
/// memory scenario's) and one of its own, twenty at once, after a first one (which completes the
/// parent's entries once). `nil` where the heap cannot be read or the factories fail to activate.
func childCost() -> (bytesPerChild: Int, microsecondsPerChild: Double, parentDefinitions: Int)? {
    guard heap_bytes_in_use() > 0 else { return nil }
    let app = SessionBenchApp()
    guard let parent = try? BlockComponentFactory(assemblies: monsoonAssemblies100() + [app]) else { return nil }
    func open() -> BlockComponentFactory? { try? parent.child(SessionBenchAssembly(user: SessionBenchUser(name: "user"), app: app)) }
    guard open() != nil else { return nil }
    let count = 20
    var children: [BlockComponentFactory] = []
    children.reserveCapacity(count)
    let before = Int(heap_bytes_in_use())
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<count {
        guard let child = open() else { return nil }
        children.append(child)
    }
    let elapsed = clock.now - start
    let after = Int(heap_bytes_in_use())
    withExtendedLifetime(children) {}
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return ((after - before) / count, seconds / Double(count) * 1e6, parent.definitions.count)
}
