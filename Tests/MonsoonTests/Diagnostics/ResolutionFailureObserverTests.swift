import Monsoon
import Testing

private final class Saddle: Sendable {
    let fitted: Bool
    init(fitted: Bool) { self.fitted = fitted }
}
private final class Groom: Sendable {
    let saddle: Saddle
    init(saddle: Saddle) { self.saddle = saddle }
}

private struct TornStrap: Error {}
private final class Tack: Sendable {
    let saddle: Provider<Saddle>
    init(saddle: Provider<Saddle>) { self.saddle = saddle }
}

/// A saddle whose initializer asks the factory, from inside the build, for a type nothing declares:
/// once recovering from the failure (`fitted` is `false`), once letting it through.
private final class TackRoomAssembly: Assembly {
    let factory = Locked<BlockComponentFactory?>(nil)
    override var definitions: [any ComponentDefinition] { [saddle(), groom(), strictSaddle(), tornSaddle(), tack()] }

    /// Fails every time it is built.
    func tornSaddle() -> Definition<Saddle> { define { Definition { _ -> Saddle in throw TornStrap() } } }
    func tack() -> Definition<Tack> { define { Definition(Tack.init(saddle:), .provider(tornSaddle())) } }

    func saddle() -> Definition<Saddle> {
        define { [factory] in
            Definition { _ in Saddle(fitted: (try? factory.withLock { $0 }?.resolve(Horse.self)) != nil) }.scope(.prototype)
        }
    }
    func groom() -> Definition<Groom> { define { Definition(Groom.init(saddle:), strictSaddle()) } }
    func strictSaddle() -> Definition<Saddle> {
        define { [factory] in
            Definition { _ in
                guard let factory = factory.withLock({ $0 }) else { return Saddle(fitted: false) }
                _ = try factory.resolve(Horse.self)
                return Saddle(fitted: true)
            }
        }
    }
}

/// What an observer saw: each error's kind and message, in order.
private final class FailureLog: Sendable {
    let failures = Locked<[ResolutionError]>([])
    var kinds: [ErrorKind] { failures.withLock { $0.map(\.kind) } }
    var count: Int { failures.withLock { $0.count } }
    func record(_ error: ResolutionError) { failures.withLock { $0.append(error) } }
}

@Suite("Observing failed resolutions")
struct ResolutionFailureObserverTests {
    private func factory(_ log: FailureLog, _ assemblies: [Assembly] = [TackRoomAssembly()]) throws -> BlockComponentFactory {
        try BlockComponentFactory(assemblies: assemblies, onResolutionFailure: { log.record($0) })
    }

    @Test func aFailedCallIsReportedOnceWithTheErrorItThrows() throws {
        let log = FailureLog()
        let factory = try factory(log)
        let thrown = try #require(throws: ResolutionError.self) { try factory.resolve(Horse.self) }
        #expect(log.kinds == [.noDefinitionForType])
        #expect(log.failures.withLock { $0.first?.description } == thrown.description)
        _ = try? factory.resolve(key: "TackRoomAssembly.bridle()", as: Saddle.self)
        #expect(log.kinds == [.noDefinitionForType, .unknownKey])
    }

    @Test func successesAndAbsenceAreNotFailures() throws {
        let log = FailureLog()
        let factory = try factory(log)
        _ = try factory.resolve(TackRoomAssembly.saddle)
        #expect(try factory.resolveIfPresent(Horse.self) == nil)
        #expect(log.count == 0)
    }

    @Test func aCallFromInsideABuildIsReportedOnlyThroughTheCallThatStartedIt() throws {
        let log = FailureLog()
        let assembly = TackRoomAssembly()
        let factory = try factory(log, [assembly])
        assembly.factory.withLock { $0 = factory }
        // The saddle's initializer recovers from its own failed call: nothing failed for the caller.
        #expect(try factory.resolve(TackRoomAssembly.saddle).fitted == false)
        #expect(log.count == 0)
        // The strict saddle lets its failure through: the groom's resolution fails, and that is reported, once.
        let thrown = try #require(throws: ResolutionError.self) { try factory.resolve(TackRoomAssembly.groom) }
        #expect(log.count == 1)
        #expect(log.failures.withLock { $0.first?.description } == thrown.description)
        assembly.factory.withLock { $0 = nil }
    }

    @Test func anObserverThatFailsItselfIsNotReportedAgain() throws {
        let calls = Locked(0)
        let holder = Locked<BlockComponentFactory?>(nil)
        let factory = try BlockComponentFactory(assemblies: [TackRoomAssembly()], onResolutionFailure: { _ in
            calls.withLock { $0 += 1 }
            // A logger the app forgot to declare: this fails too, and must not call the observer again.
            _ = try? holder.withLock { $0 }?.resolve(Horse.self)
        })
        holder.withLock { $0 = factory }
        #expect(throws: ResolutionError.self) { try factory.resolve(Horse.self) }
        #expect(calls.withLock { $0 } == 1)
        holder.withLock { $0 = nil }
    }

    @Test func everyKindOfCallReportsAndDerivedFactoriesKeepTheObserver() throws {
        let log = FailureLog()
        let factory = try factory(log, [TackRoomAssembly(), StablesAssembly(log: BuildLog())])
        _ = try? factory.allComponents(of: Horse.self)
        #expect(log.count == 0, "no definition of the type is an empty list, not a failure")
        _ = try? factory.resolve(Squire.self)
        _ = try? factory.resolve((any Sendable).self, named: "staging")
        final class Unlisted { var saddle: Saddle? }
        _ = try? factory.inject(into: Unlisted())
        #expect(log.kinds == [.ambiguousType, .unknownKey, .noDefinitionForType])
        let derived = try factory.without(StablesAssembly.self)
        _ = try? derived.resolve(Squire.self)
        #expect(log.kinds.last == .noDefinitionForType)
        #expect(log.count == 4)
    }

    @Test func callsByMethodByDefinitionAndThroughAProviderReportButValidationDoesNot() throws {
        let log = FailureLog()
        let assembly = TackRoomAssembly()
        let factory = try factory(log, [assembly])
        _ = try? factory.resolve(TackRoomAssembly.tornSaddle)
        _ = try? factory.resolve(assembly.tornSaddle())
        let tack = try factory.resolve(TackRoomAssembly.tack)
        _ = try? tack.saddle()
        #expect(log.kinds == [.componentFailed, .componentFailed, .componentFailed])
        let findings = factory.validate(buildingOpaqueDefinitions: true).findings
        #expect(findings.contains { $0.subject == "TackRoomAssembly.tornSaddle()" })
        #expect(log.count == 3, "validation's own builds are findings, not failed resolutions")
    }

    @Test func awaitedCallsReportToo() async throws {
        let log = FailureLog()
        let factory = try factory(log)
        await #expect(throws: ResolutionError.self) { try await factory.resolve(Horse.self) }
        await #expect(throws: ResolutionError.self) { try await factory.resolve(key: "TackRoomAssembly.bridle()", as: Saddle.self) }
        _ = try await factory.resolve(TackRoomAssembly.saddle)
        #expect(log.kinds == [.noDefinitionForType, .unknownKey])
        _ = try? await factory.resolve(TackRoomAssembly.tornSaddle)
        _ = try? await factory.allComponents(of: Saddle.self)
        _ = try? await factory.resolve(TackRoomAssembly.tack).saddle()
        #expect(log.kinds == [.noDefinitionForType, .unknownKey, .componentFailed, .componentFailed, .componentFailed])
    }
}
