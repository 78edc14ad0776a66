import Foundation
import Monsoon
import Testing

/// Not `Sendable`: a main-actor component may still take it, since it is produced where the component
/// is built.
final class HeadlineFormatter {
    var uppercase = false
    func format(_ text: String) -> String { uppercase ? text.uppercased() : text }
}

final class WeatherFeed: Sendable {
    let city = "Lisbon"
}

@MainActor final class HeadlineViewModel {
    let formatter: HeadlineFormatter
    let feed: WeatherFeed
    var title = ""
    var refreshed = false
    let builtOnMainThread: Bool

    init(formatter: HeadlineFormatter, feed: WeatherFeed) {
        self.formatter = formatter
        self.feed = feed
        builtOnMainThread = MainQueue.isCurrent
    }

    func refresh() { refreshed = true }
}

/// A nonisolated component above the main-actor one.
final class HeadlineScreen: Sendable {
    let model: HeadlineViewModel
    init(model: HeadlineViewModel) { self.model = model }
}

final class HeadlineAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [screen()] }

    func formatter() -> Definition<HeadlineFormatter> { define { Definition(HeadlineFormatter.init).inject(\.uppercase, true) } }
    func feed() -> Definition<WeatherFeed> { define { Definition(WeatherFeed.init).scope(.lazySingleton) } }
    func model() -> Definition<HeadlineViewModel> {
        define {
            Definition(HeadlineViewModel.init(formatter:feed:), formatter(), feed())
                .inject(\.title, "Forecast")
                .afterInjections { @MainActor model in model.refresh() }
        }
    }
    func screen() -> Definition<HeadlineScreen> { define { Definition(HeadlineScreen.init(model:), model()) } }
}

@Suite struct MainActorAsyncTests {
    @Test func fromAnotherThreadAnAsyncResolutionBuildsTheMainActorComponentOnTheMainActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [HeadlineAssembly()])
        let screen = try await factory.resolve(HeadlineAssembly.screen)
        await MainActor.run {
            #expect(screen.model.builtOnMainThread)
            #expect(screen.model.title == "Forecast")
            #expect(screen.model.refreshed)
            #expect(screen.model.formatter.format("sunny") == "SUNNY")
        }
    }

    @Test func fromAnotherThreadASynchronousResolutionIsATypedError() throws {
        let factory = try BlockComponentFactory(assemblies: [HeadlineAssembly()])
        let error = try onAnotherThread { () throws(ResolutionError) in try factory.resolve(HeadlineAssembly.screen) }
        #expect(error?.kind == .mainActorRequired)
        #expect(error?.path == ["HeadlineAssembly.screen()", "HeadlineAssembly.model()"])
    }

    @MainActor @Test func onTheMainActorBothResolutionsBuildItInPlace() async throws {
        let factory = try BlockComponentFactory(assemblies: [HeadlineAssembly()])
        let synchronous = try syncResolve(HeadlineScreen.self, from: factory)
        let awaited = try await factory.resolve(HeadlineAssembly.screen)
        #expect(synchronous.model.builtOnMainThread && awaited.model.builtOnMainThread)
        #expect(synchronous.model !== awaited.model)
        #expect(awaited.model.feed === synchronous.model.feed)
    }

    @Test func theDefinitionSaysItIsBuiltOnTheMainActor() throws {
        let factory = try BlockComponentFactory(assemblies: [HeadlineAssembly()])
        let model = try #require(factory.definitions.first { $0.key == "HeadlineAssembly.model()" })
        #expect(model.isMainActor && !model.isAsync)
        #expect(factory.activationReport.description.contains("@MainActor HeadlineViewModel"))
    }
}

/// Runs `body` on a new thread (not the main one) and returns the error it threw, if any.
func onAnotherThread<T>(_ body: @escaping @Sendable () throws(ResolutionError) -> T) throws -> ResolutionError? {
    let outcome = Locked<ResolutionError??>(nil)
    let thread = Thread {
        do throws(ResolutionError) {
            _ = try body()
            outcome.withLock { $0 = .some(nil) }
        } catch {
            outcome.withLock { $0 = .some(error) }
        }
    }
    thread.start()
    while outcome.current == nil { Thread.sleep(forTimeInterval: 0.001) }
    return outcome.current ?? nil
}

/// Whether code runs on the main queue, where the main actor's jobs run: on Linux the main thread may
/// have handed it to another thread, so `Thread.isMainThread` alone does not tell.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}

/// A nonisolated component with a main-actor hook: the hook makes it one built on the main actor.
final class StatusLine: Sendable {
    let text: String
    let builtOnMainQueue: Bool
    let hookRuns: Locked<[Bool]>
    init(text: String) {
        self.text = text
        builtOnMainQueue = MainQueue.isCurrent
        hookRuns = Locked([])
    }
}

final class StatusAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [status()] }
    func status() -> Definition<StatusLine> {
        define {
            Definition(StatusLine.init(text:), .value("ready"))
                .afterInjections { @MainActor line in line.hookRuns.withLock { $0.append(MainQueue.isCurrent) } }
        }
    }
}

extension MainActorAsyncTests {
    @Test func aMainActorHookMakesTheWholeComponentBuiltOnTheMainActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [StatusAssembly()])
        #expect(factory.definitions.first?.isMainActor == true)
        let error = try onAnotherThread { () throws(ResolutionError) in try factory.resolve(StatusAssembly.status) }
        #expect(error?.kind == .mainActorRequired)
        let status = try await factory.resolve(StatusAssembly.status)
        #expect(status.builtOnMainQueue)
        #expect(status.hookRuns.current == [true])
    }
}

/// A main-actor view model whose initializer awaits, above a plain async store.
@MainActor final class TideBoard {
    let store: TideStore
    init(store: TideStore) async { self.store = store }
}

final class TideStore: Sendable {
    init() async {}
}

/// Reaches the main actor and an async initializer only through the board.
final class TideWall: Sendable {
    let board: TideBoard
    init(board: TideBoard) { self.board = board }
}

final class TideBoardAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [board(), store(), label(), wall()] }
    func wall() -> Definition<TideWall> { define { Definition(TideWall.init(board:), board()) } }
    func store() -> Definition<TideStore> { define(.lazySingleton) { Definition(TideStore.init) } }
    func board() -> Definition<TideBoard> { define(.objectGraph) { [self] in Definition(TideBoard.init(store:), store()) } }
    func label() -> Definition<String> { define { Definition({ "tides" }) } }
}

extension MainActorAsyncTests {
    @Test func theActivationReportSaysWhatEachResolutionNeeds() throws {
        let headlines = try BlockComponentFactory(assemblies: [HeadlineAssembly()]).activationReport
        #expect(headlines.resolutionNeeds == ["HeadlineAssembly.model()": .mainActor, "HeadlineAssembly.screen()": .mainActor])
        let line = try #require(headlines.description.split(separator: "\n").first { $0.contains("HeadlineAssembly.screen()") })
        #expect(line.hasSuffix("[needs main actor]"))

        let tides = try BlockComponentFactory(assemblies: [TideBoardAssembly()]).activationReport
        #expect(tides.resolutionNeeds == ["TideBoardAssembly.board()": [.mainActor, .await], "TideBoardAssembly.store()": .await,
                                          "TideBoardAssembly.wall()": [.mainActor, .await]])
        let board = try #require(tides.description.split(separator: "\n").first { $0.contains("TideBoardAssembly.board()") })
        #expect(board.contains("@MainActor async TideBoard"))
        #expect(board.hasSuffix("[needs main actor, await]"))
    }
}
