import Dispatch
import Foundation
import Monsoon
import Synchronization
import Testing

private final class TillLedger: Sendable {
    init(log: BuildLog) { log.record("init TillLedger") }
}

private final class Printer: Sendable {
    let ledger: TillLedger
    init(ledger: TillLedger, log: BuildLog) {
        self.ledger = ledger
        log.record("init Printer")
    }
}

private final class Till: Sendable {
    let ledger: TillLedger
    let printer: Lazy<Printer>
    let fresh: Lazy<Printer>
    init(ledger: TillLedger, printer: Lazy<Printer>, fresh: Lazy<Printer>) {
        self.ledger = ledger
        self.printer = printer
        self.fresh = fresh
    }
}

private final class Mirror: Sendable {
    let me: Lazy<Mirror>
    let log: BuildLog
    init(me: Lazy<Mirror>, log: BuildLog) {
        self.me = me
        self.log = log
    }
}

private protocol DrawerKind: AnyObject {}
private final class CashDrawer: DrawerKind {}

private final class CashClerk: Sendable {
    nonisolated(unsafe) let drawer: any DrawerKind
    init(drawer: any DrawerKind) { self.drawer = drawer }
}

private final class CashRegister: Sendable {
    nonisolated(unsafe) let drawer: any DrawerKind
    let clerk: Lazy<CashClerk>
    init(drawer: any DrawerKind, clerk: Lazy<CashClerk>) {
        self.drawer = drawer
        self.clerk = clerk
    }
}

private final class LazyPage: Sendable {
    let number: Int
    let next: Lazy<LazyPage>
    init(number: Int, next: Lazy<LazyPage>) {
        self.number = number
        self.next = next
    }
}

private final class PagingAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [register()] }
    override var parameterizedDefinitions: [ParameterizedMethod] { [ParameterizedMethod(PagingAssembly.page(number:))] }
    /// A class declared as a protocol: kept in its slot in a box.
    func drawer() -> Definition<any DrawerKind> { define(.objectGraph) { Definition { CashDrawer() as any DrawerKind } } }
    func clerk() -> Definition<CashClerk> { define(.prototype) { [self] in Definition(CashClerk.init(drawer:), drawer()) } }
    func register() -> Definition<CashRegister> { define(.prototype) { [self] in Definition(CashRegister.init(drawer:clerk:), drawer(), .lazy(clerk())) } }
    /// Each page's lazy names the next page, an entry made for its argument values.
    func page(number: Int) -> Definition<LazyPage> {
        define(arguments: number) { [self] in Definition(LazyPage.init(number:next:), .value(number), .lazy(page(number: number + 1))) }
    }
}

/// Holds a lazy helper; the helper, built in the owner's graph, calls that same lazy from its hook.
private final class Owner: Sendable {
    let helper: Lazy<Helper>
    init(helper: Lazy<Helper>) { self.helper = helper }
}

private final class Helper: Sendable {
    let owner: Owner
    init(owner: Owner) { self.owner = owner }
}

private final class OwnerAssembly: Assembly {
    let log = BuildLog()
    override var definitions: [any ComponentDefinition] { [owner()] }
    func owner() -> Definition<Owner> { define(.objectGraph) { [self] in Definition(Owner.init(helper:), .lazy(helper())) } }
    func helper() -> Definition<Helper> {
        define(.prototype) { [self, log] in
            Definition(Helper.init(owner:), owner()).afterInjections { helper in
                do throws(ResolutionError) {
                    _ = try helper.owner.helper()
                } catch {
                    log.record("\(error.kind): \(error.description.split(separator: "\n")[0])")
                }
            }
        }
    }
}

private final class LazyAssembly: Assembly {
    let log = BuildLog()
    override var definitions: [any ComponentDefinition] { [till(), mirror()] }
    func ledger() -> Definition<TillLedger> { define(.objectGraph) { [log] in Definition(TillLedger.init(log:), .value(log)) } }
    func printer() -> Definition<Printer> { define(.prototype) { [self] in Definition(Printer.init(ledger:log:), ledger(), .value(log)) } }
    func till() -> Definition<Till> {
        define(.prototype) { [self] in Definition(Till.init(ledger:printer:fresh:), ledger(), .lazy(printer()), .lazy(printer())) }
    }
    /// Calls its own lazy from its after-injection hook, as part of the build of that very lazy.
    func mirror() -> Definition<Mirror> {
        define(.prototype) { [self] in
            Definition(Mirror.init(me:log:), .lazy(mirror()), .value(log)).afterInjections { mirror in
                do throws(ResolutionError) {
                    _ = try mirror.me()
                } catch {
                    mirror.log.record("\(error.kind)")
                }
            }
        }
    }
}

@Suite struct LazyTests {
    @Test func aLazyBuildsOnceOnFirstCallInTheGraphItWasInjectedIn() throws {
        let assembly = LazyAssembly()
        let factory = try BlockComponentFactory(assemblies: [assembly])
        let till = try factory.resolve(LazyAssembly.till)
        // Not built with the till.
        #expect(assembly.log.count("init Printer") == 0)
        #expect(assembly.log.count("init TillLedger") == 1)

        let printer = try till.printer()
        #expect(try till.printer() === printer)
        #expect(assembly.log.count("init Printer") == 1)
        // The ledger is objectGraph: the printer got the till's, not a new one.
        #expect(printer.ledger === till.ledger)
        #expect(assembly.log.count("init TillLedger") == 1)
        // Each injection site is a lazy of its own: a prototype is built once per lazy.
        #expect(try till.fresh() !== printer)
        #expect(try till.fresh().ledger === till.ledger)

        // Another graph, another ledger.
        let other = try factory.resolve(LazyAssembly.till)
        #expect(try other.printer().ledger === other.ledger)
        #expect(other.ledger !== till.ledger)
    }

    @Test func eightThreadsGetTheOneInstance() throws {
        let assembly = LazyAssembly()
        let factory = try BlockComponentFactory(assemblies: [assembly])
        let tills = try (0..<20).map { _ in try factory.resolve(LazyAssembly.till) }
        let results = Locked<[ObjectIdentifier: Set<ObjectIdentifier>]>([:])
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for till in tills {
                do {
                    let printer = try till.printer()
                    results.withLock { _ = $0[ObjectIdentifier(till), default: []].insert(ObjectIdentifier(printer)) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(results.withLock { $0.values.allSatisfy { $0.count == 1 } })
        #expect(results.withLock { $0.count } == 20)
        #expect(assembly.log.count("init Printer") == 20)
        #expect(try tills.allSatisfy { try $0.printer().ledger === $0.ledger })
    }

    /// Each mirror's hook calls its lazy, which builds another mirror whose hook does the same: without
    /// end, on one thread's stack. It ends in a typed error, not a crash.
    @Test func lazyBuildsWithoutEndStopBeforeTheStackRunsOut() throws {
        let assembly = LazyAssembly()
        let factory = try BlockComponentFactory(assemblies: [assembly])
        _ = try factory.resolve(LazyAssembly.mirror)
        #expect(assembly.log.events.contains("depthLimitExceeded"))
    }

    /// The till is in the graph its lazy keeps: the lazy must not keep the till alive.
    @Test func aLazyKeepsNeitherItsHolderNorItsGraphAlive() throws {
        let factory = try BlockComponentFactory(assemblies: [LazyAssembly()])
        weak var unused: Till?
        weak var used: Till?
        weak var ledger: TillLedger?
        do {
            let first = try factory.resolve(LazyAssembly.till)
            unused = first
            let second = try factory.resolve(LazyAssembly.till)
            _ = try second.printer()
            used = second
            ledger = second.ledger
        }
        #expect(unused == nil)
        #expect(used == nil)
        #expect(ledger == nil)
    }

    @Test func aLazyFindsItsGraphsComponentDeclaredAsAProtocol() throws {
        let factory = try BlockComponentFactory(assemblies: [PagingAssembly()])
        let register = try factory.resolve(PagingAssembly.register)
        #expect(try register.clerk().drawer === register.drawer)
    }

    /// Lazies of parameterized definitions, one after another: each gets the page it names.
    @Test func lazyPagesFollowOneAnother() throws {
        let factory = try BlockComponentFactory(assemblies: [PagingAssembly()])
        var page = try factory.resolve(PagingAssembly.page(number:), 1)
        for expected in 2...50 {
            page = try page.next()
            #expect(page.number == expected)
        }
    }

    /// The helper is built in the owner's graph, so its owner is the same owner, whose lazy is the one
    /// being built: calling it from the helper's hook is a cycle, not a wait for itself.
    @Test func aLazyCalledFromItsOwnBuildIsACycle() throws {
        let assembly = OwnerAssembly()
        let factory = try BlockComponentFactory(assemblies: [assembly])
        let owner = try factory.resolve(OwnerAssembly.owner)
        let helper = try owner.helper()
        #expect(helper.owner === owner)
        #expect(try owner.helper() === helper)
        #expect(assembly.log.events == [
            "initializerCycle: Cannot resolve helper(): its Lazy was called by the build that Lazy is running, which would wait for itself."])
    }

    @Test func aLazyOfAReleasedFactoryThrows() throws {
        let till: Till
        do {
            let factory = try BlockComponentFactory(assemblies: [LazyAssembly()])
            till = try factory.resolve(LazyAssembly.till)
        }
        #expect { try till.printer() } throws: { ($0 as? ResolutionError)?.kind == .factoryReleased }
    }
}
