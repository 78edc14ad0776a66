import Monsoon
import Testing

@MainActor final class IVStatusBar {
    init() {}
}

@MainActor final class IVScreen {
    let bar: IVStatusBar
    init(bar: IVStatusBar) { self.bar = bar }
}

final class IVSession: Sendable {
    let bar: IVStatusBar
    init(bar: IVStatusBar) { self.bar = bar }
}

final class IVLogger: Sendable {}

/// A main-actor status bar, a main-actor screen that holds it, a nonisolated lazySingleton session
/// that holds it too (the isolation form of a captive dependency), and a nonisolated logger.
final class IsolationAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [bar(), screen(), session(), logger()] }
    func bar() -> Definition<IVStatusBar> { define(.lazySingleton) { Definition(IVStatusBar.init) } }
    func screen() -> Definition<IVScreen> { define(.objectGraph) { [self] in Definition(IVScreen.init(bar:), bar()) } }
    func session() -> Definition<IVSession> { define(.lazySingleton) { [self] in Definition(IVSession.init(bar:), bar()) } }
    func logger() -> Definition<IVLogger> { define(.lazySingleton) { Definition(IVLogger.init) } }
}

/// An eager singleton built on the main actor.
final class EagerBarAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [bar()] }
    func bar() -> Definition<IVStatusBar> { define { Definition(IVStatusBar.init).scope(.singleton) } }
}

/// Validation says, before anything is built, which components need the main actor and where isolation
/// is held across it.
@Suite struct IsolationValidationTests {
    @MainActor @Test func validationNamesWhatNeedsTheMainActorAndANonisolatedSingletonHoldingIt() throws {
        let factory = try BlockComponentFactory(assemblies: [IsolationAssembly()])
        let report = factory.validate()
        let mainActor = report.findings.filter { $0.kind == .mainActorRequired }.map(\.message)
        #expect(mainActor == [
            "IsolationAssembly.bar() is built on the main actor: resolve it on the main actor, or with `try await`, which goes there; "
                + "a synchronous resolution on another thread throws mainActorRequired.",
            "IsolationAssembly.screen() is built on the main actor: resolve it on the main actor, or with `try await`, which goes there; "
                + "a synchronous resolution on another thread throws mainActorRequired.",
            "IsolationAssembly.session() reaches IsolationAssembly.bar(), which is built on the main actor (IsolationAssembly.session() → "
                + "IsolationAssembly.bar()): resolve it on the main actor, or with `try await`, which goes there; a synchronous resolution "
                + "on another thread throws mainActorRequired.",
        ])
        let captives = report.findings.filter { $0.kind == .captiveDependency }
        #expect(captives.map(\.severity) == [.warning])
        #expect(captives.map(\.message) == [
            "IsolationAssembly.session() (lazySingleton) is not isolated to the main actor but holds IsolationAssembly.bar(), which is, "
                + "through init #0: it keeps a main-actor component for the factory's lifetime and may use it from any thread. Isolate "
                + "IsolationAssembly.session() to the main actor too, or inject a Provider and resolve IsolationAssembly.bar() on the main actor."
        ])
        #expect(!report.findings.contains { $0.subject == "IsolationAssembly.logger()" && $0.kind != .unused })
    }

    @MainActor @Test func anEagerMainActorSingletonIsReported() throws {
        let factory = try BlockComponentFactory(assemblies: [EagerBarAssembly()])
        let warnings = factory.validate().findings(.warning).map(\.message)
        #expect(warnings == [
            "EagerBarAssembly.bar() is an eager singleton that needs the main actor (EagerBarAssembly.bar()), and activation builds it on "
                + "the thread that creates the factory: create the factory on the main actor, or make it a lazySingleton."
        ])
    }
}
