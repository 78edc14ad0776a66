import Monsoon
import Testing

/// Components of assemblies whose methods forget `define { }` and reach each other in a cycle.
final class Ping {
    let pong: Pong
    init(pong: Pong) { self.pong = pong }
    func answer(_ pong: Pong) {}
}

final class Pong {
    var ping: Ping?
}

/// Through an initializer argument one way and a property the other.
final class CarelessAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [ping(), pong()] }
    func ping() -> Definition<Ping> { Definition(Ping.init(pong:), pong()) }
    func pong() -> Definition<Pong> { Definition(Pong.init).inject(\.ping, ping()) }
}

/// Through a method injection and a parent.
final class CarelessParentsAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [first(), second()] }
    func first() -> Definition<Pong> { .inheriting(from: second()) }
    func second() -> Definition<Pong> { .inheriting(from: first()) }
}

final class CarelessMethodAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [ping(), pong()] }
    func ping() -> Definition<Ping> { Definition(Ping.init(pong:), pong()).injectMethod(Ping.answer(_:), pong()) }
    func pong() -> Definition<Pong> { Definition(Pong.init).inject(\.ping, ping()) }
}

@Suite("Definitions outside define that reach themselves")
struct BareDefinitionRecursionTests {
    @Test func activationReportsThemInsteadOfOverflowingTheStack() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [CarelessAssembly()]) }
        #expect(error.problems.map(\.kind) == [.definitionOutsideDefine, .definitionOutsideDefine])
        #expect(error.problems.map(\.subject) == ["CarelessAssembly.ping()", "CarelessAssembly.pong()"])
        #expect(error.problems[0].message.hasPrefix("CarelessAssembly.ping() (MonsoonTests/BareDefinitionRecursionTests.swift:18) does not create its definition inside define { … }."))
    }

    @Test func parentsAndMethodInjectionsAreStoppedToo() throws {
        for assembly in [CarelessParentsAssembly(), CarelessMethodAssembly()] as [Assembly] {
            let error = try #require(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [assembly]) }
            #expect(error.problems.count == 2)
            #expect(error.problems.allSatisfy { $0.kind == .definitionOutsideDefine })
        }
    }

    @Test func callingSuchAMethodDirectlyReturnsInsteadOfRecursing() {
        let ping = CarelessAssembly().ping()
        #expect(ping.description.hasPrefix("Definition<Ping> from ping()"))
    }
}
