import Foundation
import Monsoon
import MonsoonTesting
import Synchronization
import Testing

// The app: a forecast screen over a network client (live-only, with a test double and a preview
// double), a clock (live-only, no double) and a disk cache (live, with a test double only).

protocol WeatherClient: AnyObject, Sendable { var name: String { get } }
protocol ForecastClock: Sendable { var hour: Int { get } }

/// Counts the live components built by the running test (a task-local, so that tests running in
/// parallel count apart): a test never builds one.
enum LiveBuilds {
    @TaskLocal static var counter: Counter?
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
    }
    static func record() { counter?.value.add(1, ordering: .relaxed) }
    /// Runs `body`, returning how many live components it built.
    static func counting(_ body: () throws -> Void) rethrows -> Int {
        let counter = Counter()
        try $counter.withValue(counter) { try body() }
        return counter.count
    }
}

final class NetworkWeatherClient: WeatherClient {
    let name = "network"
    init() { LiveBuilds.record() }
}
final class RecordingWeatherClient: WeatherClient {
    let name: String
    init(settings: ForecastSettings) { name = "recording for \(settings.city)" }
}
final class SampleWeatherClient: WeatherClient { let name = "sample" }
struct SystemClock: ForecastClock {
    var hour: Int { LiveBuilds.record(); return 12 }
    init() { LiveBuilds.record() }
}
struct ForecastSettings: Sendable { let city: String }
final class DiskCache: Sendable {
    let place: String
    init(place: String) { self.place = place }
}
final class ForecastScreen: Sendable {
    let client: any WeatherClient
    let cache: DiskCache
    init(client: any WeatherClient, cache: DiskCache) {
        self.client = client
        self.cache = cache
    }
}
final class Alarm: Sendable {
    let clock: any ForecastClock
    init(clock: any ForecastClock) { self.clock = clock }
}

final class ForecastDoublesAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [settings(), client(), clock(), cache(), screen(), alarm()] }

    func settings() -> Definition<ForecastSettings> { define { Definition(.value(ForecastSettings(city: "Porto"))) } }

    func client() -> Definition<any WeatherClient> {
        define(.lazySingleton) {
            Definition(NetworkWeatherClient.init)
                .liveOnly()
                .testDouble(Definition(RecordingWeatherClient.init(settings:)))
                .previewDouble(Definition(SampleWeatherClient.init))
        }
    }

    func clock() -> Definition<any ForecastClock> { define { Definition(SystemClock.init).liveOnly() } }

    func cache() -> Definition<DiskCache> {
        define(.lazySingleton) { Definition(DiskCache.init(place:), .value("/var/cache")).testDouble(Definition { DiskCache(place: "memory") }) }
    }

    func screen() -> Definition<ForecastScreen> { define { Definition(ForecastScreen.init(client:cache:)) } }

    func alarm() -> Definition<Alarm> { define { Definition(Alarm.init(clock:)) } }

    func city(named name: String) -> Definition<ForecastSettings> {
        define(arguments: name) { Definition(.value(ForecastSettings(city: name))).testDouble(Definition(.value(ForecastSettings(city: "Test \(name)")))) }
    }
}

/// One test's factory, as the trait makes it: the declared doubles, and no fake assembly.
@Suite(.monsoonFactory { [ForecastDoublesAssembly()] })
struct DeclaredDoublesTests {
    @Test func aTestFactoryBuildsTheDeclaredDoublesAcrossTheGraphAndNoLiveComponent() throws {
        #expect(try LiveBuilds.counting { try resolveEverything() } == 0)
    }

    private func resolveEverything() throws {
        let factory = try TestFactory.require()
        let screen = try factory.resolve(ForecastDoublesAssembly.screen)
        // Injected by type into another definition, wired by type itself.
        #expect(screen.client.name == "recording for Porto")
        #expect(screen.cache.place == "memory")
        // By method and by type alike, in the live definition's scope (a lazySingleton).
        #expect(try factory.resolve(ForecastDoublesAssembly.client) === screen.client)
        #expect(try factory.resolve((any WeatherClient).self) === screen.client)
        #expect(try factory.resolve(ForecastDoublesAssembly.cache) === screen.cache)
        #expect(try factory.resolve(ForecastDoublesAssembly.city(named:), "Faro").city == "Test Faro")
    }

    @Test func aLiveOnlyDefinitionWithoutADoubleIsATypedErrorNamingItAndThePath() throws {
        let factory = try TestFactory.require()
        var thrown: (any Error)?
        let built = LiveBuilds.counting {
            do { _ = try factory.resolve(ForecastDoublesAssembly.alarm) } catch { thrown = error }
        }
        #expect(built == 0)
        let error = try #require(thrown as? ResolutionError)
        #expect(error.kind == .liveOnly)
        #expect(error.description == """
            Cannot resolve ForecastDoublesAssembly.clock(): it is live-only and declares no test double, and a test factory never builds a live-only component.
              ForecastDoublesAssembly.alarm() → ForecastDoublesAssembly.clock()
              Declare its double beside it, `.testDouble(Definition(…))`, or replace it for this test: `factory.patch(…) { … }`, `installDouble(…)`.
            """)
        #expect(throws: ResolutionError.self) { try factory.resolve((any ForecastClock).self) }
    }

    @Test func oneTestReplacesADoubleForItselfAndTheNextTestsFactoryIsUntouched() throws {
        let factory = try TestFactory.require()
        let stub = try factory.installDouble(ForecastDoublesAssembly.client) { SampleWeatherClient() as any WeatherClient }
        #expect(try factory.resolve(ForecastDoublesAssembly.screen).client === stub)
        // Another test's factory, made while this one's double is installed: the declared double.
        let other = try BlockComponentFactory.forTesting([ForecastDoublesAssembly()])
        #expect(try other.resolve(ForecastDoublesAssembly.screen).client.name == "recording for Porto")
    }

    @Test func aPatchLetsATestReachALiveOnlyDefinition() throws {
        let factory = try TestFactory.require()
        struct NoonClock: ForecastClock { var hour: Int { 12 } }
        try factory.withPatch(ForecastDoublesAssembly.clock, { NoonClock() as any ForecastClock }) {
            let alarm = try factory.resolve(ForecastDoublesAssembly.alarm)
            #expect(alarm.clock.hour == 12)
        }
    }

    @Test func parallelTestsEachReplaceTheDoubleForThemselves() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let factory = try BlockComponentFactory.forTesting([ForecastDoublesAssembly()])
                    let mine = try factory.installDouble(ForecastDoublesAssembly.cache) { DiskCache(place: "test \(index)") }
                    for _ in 0..<50 { #expect(try factory.resolve(ForecastDoublesAssembly.screen).cache === mine) }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aChildOfATestFactoryUsesTheDoublesToo() throws {
        let child = try TestFactory.require().child(ForecastSessionAssembly())
        #expect(try child.resolve(ForecastSessionAssembly.history).screen.client.name == "recording for Porto")
        #expect(throws: ResolutionError.self) { try child.resolve(ForecastSessionAssembly.reminder) }
    }
}

/// A session's definitions, with a live-only one of their own.
final class ForecastSessionAssembly: Assembly {
    let forecast = ForecastDoublesAssembly()
    override var definitions: [any ComponentDefinition] { [history(), reminder()] }
    func history() -> Definition<ForecastHistory> { define { Definition(ForecastHistory.init(screen:), forecast.screen()) } }
    func reminder() -> Definition<ForecastReminder> { define { Definition(ForecastReminder.init(alarm:)) } }
}

final class ForecastHistory: Sendable {
    let screen: ForecastScreen
    init(screen: ForecastScreen) { self.screen = screen }
}
final class ForecastReminder: Sendable {
    let alarm: Alarm
    init(alarm: Alarm) { self.alarm = alarm }
}

@Suite struct LiveAndPreviewFactoryTests {
    @Test func theAppsFactoryBuildsTheLiveComponents() throws {
        let app = try BlockComponentFactory(assemblies: [ForecastDoublesAssembly()])
        let built = try LiveBuilds.counting { () throws in
            #expect(try app.resolve(ForecastDoublesAssembly.screen).client.name == "network")
            #expect(try app.resolve(ForecastDoublesAssembly.screen).cache.place == "/var/cache")
            #expect(try app.resolve(ForecastDoublesAssembly.alarm).clock.hour == 12)
        }
        #expect(built == 3)
        #expect(try app.resolve(ForecastDoublesAssembly.city(named:), "Faro").city == "Faro")
        // And so does a test of the live graph.
        let live = try BlockComponentFactory.forTesting([ForecastDoublesAssembly()], doubles: .none)
        #expect(try live.resolve(ForecastDoublesAssembly.screen).client.name == "network")
    }

    @Test func aPreviewFactoryBuildsThePreviewDoublesThenTheTestDoubles() throws {
        let previews = try BlockComponentFactory(assemblies: [ForecastDoublesAssembly()], doubles: .previews)
        let screen = try previews.resolve(ForecastDoublesAssembly.screen)
        #expect(screen.client.name == "sample")
        #expect(screen.cache.place == "memory")
        let error = try #require(throws: ResolutionError.self) { try previews.resolve(ForecastDoublesAssembly.clock) }
        #expect(error.description == """
            Cannot resolve ForecastDoublesAssembly.clock(): it is live-only and declares no preview double (nor a test double), and a preview factory never builds a live-only component.
              Declare its double beside it, `.previewDouble(Definition(…))`, or replace it for this test: `factory.patch(…) { … }`, `installDouble(…)`.
            """)
    }

    @Test func aLiveOnlyEagerSingletonWithoutADoubleFailsTheTestsFactoryAtActivation() throws {
        let error = try #require(throws: ActivationError.self) { try BlockComponentFactory.forTesting([EagerClockAssembly()]) }
        #expect(error.problems.map(\.kind) == [.singletonFailed])
        #expect(error.problems.first?.resolutionError?.kind == .liveOnly)
        #expect(try BlockComponentFactory(assemblies: [EagerClockAssembly()]).resolve(EagerClockAssembly.clock).hour == 12)
    }
}

final class EagerClockAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [clock()] }
    func clock() -> Definition<any ForecastClock> { define(.singleton) { Definition(SystemClock.init).liveOnly() } }
}

/// A double of a main-actor type, written as app code in a default-MainActor module writes it.
@MainActor final class MainActorLocation {
    let place: String
    init(place: String) { self.place = place }
}

final class MainActorDoublesAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [location()] }
    func location() -> Definition<MainActorLocation> {
        define(.lazySingleton) {
            Definition { @MainActor in MainActorLocation(place: "GPS") }
                .liveOnly()
                .testDouble(Definition { @MainActor in MainActorLocation(place: "Lisbon") })
        }
    }
}

@Suite(.monsoonFactory { [MainActorDoublesAssembly()] })
struct MainActorDoublesTests {
    @Test func aMainActorDoubleIsBuiltOnTheMainActorWhenAwaitedFromElsewhere() async throws {
        let location = try await TestFactory.require().resolve(MainActorDoublesAssembly.location)
        #expect(location.place == "Lisbon")
    }

    @Test @MainActor func aMainActorTestResolvesItSynchronously() throws {
        #expect(try TestFactory.require().resolve(MainActorDoublesAssembly.location).place == "Lisbon")
    }
}
