import Foundation
import Monsoon
import MonsoonLifecycle
import Testing

/// Records the events modules receive, across modules.
final class EventLog: Sendable {
    let events = Locked<[String]>([])
    func record(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

protocol Greeter: Sendable { func greet() -> String }
struct EnglishGreeter: Greeter { func greet() -> String { "hello" } }

class GreetingModule: Module {
    override func configure(_ binder: Binder) { binder.bind(EnglishGreeter(), to: (any Greeter).self) }
}

struct FrenchGreeter: Greeter { func greet() -> String { "bonjour" } }

/// A test's fake for the module AccountModule brings.
final class FrenchGreetingModule: GreetingModule {
    override func configure(_ binder: Binder) { binder.bind(FrenchGreeter(), to: (any Greeter).self) }
}

/// A fake written beside the real module instead of as its subclass: it replaces nothing.
final class StandaloneGreetingModule: Module {
    override func configure(_ binder: Binder) { binder.bind(FrenchGreeter(), to: (any Greeter).self) }
}

/// Declares GreetingModule as a collaborator: a fake may replace an assembly activation discovers.
final class GreetingHolderModule: Module {
    override var collaborators: [Assembly] { [GreetingModule()] }
}

class RecordingModule: LifecycleModule {
    nonisolated(unsafe) static var log = EventLog()
    var name: String { "\(type(of: self))" }
    required init() {}
    // Declared here so that subclasses can override it: a protocol extension's default is not dynamically dispatched.
    var assemblies: [Assembly] { [] }
    func setUp(_ context: ModuleContext) throws { Self.log.record("\(name) setUp") }
    func initialize(_ context: ModuleContext) throws { Self.log.record("\(name) initialize") }
    func splash(_ context: ModuleContext) throws { Self.log.record("\(name) splash") }
    func tearDown(_ context: ModuleContext) throws { Self.log.record("\(name) tearDown") }
    func handle(_ event: ModuleEvent, _ context: ModuleContext) throws {
        Self.log.record("\(name) \(event.name) \(event.payload["user"] as? String ?? "")")
    }
}

final class AccountModule: RecordingModule {
    override var assemblies: [Assembly] { [GreetingModule()] }
    override func setUp(_ context: ModuleContext) throws {
        try super.setUp(context)
        Self.log.record("greets \(try context.factory.resolve((any Greeter).self).greet())")
    }
}

final class FeedModule: RecordingModule {}

final class FailingModule: RecordingModule {
    struct Broken: Error, CustomStringConvertible { var description: String { "no network" } }
    override func initialize(_ context: ModuleContext) throws { throw Broken() }
    override func tearDown(_ context: ModuleContext) throws { throw Broken() }
}

@Suite(.serialized) struct ModuleHostTests {
    init() { RecordingModule.log = EventLog() }

    @Test func modulesReceiveEveryEventInPriorityOrderAndTearDownInReverse() throws {
        let host = try ModuleHost(modules: [(FeedModule(), 10), (AccountModule(), 100)])
        try host.start()
        try host.splash()
        try host.post("userDidSignIn", payload: ["user": "ada"])
        try host.tearDown()
        #expect(RecordingModule.log.all == [
            "AccountModule setUp", "greets hello", "FeedModule setUp",
            "AccountModule initialize", "FeedModule initialize",
            "AccountModule splash", "FeedModule splash",
            "AccountModule userDidSignIn ada", "FeedModule userDidSignIn ada",
            "FeedModule tearDown", "AccountModule tearDown",
        ])
    }

    @Test func theActivationReportGivesEachModulesStartUpTime() throws {
        let host = try ModuleHost(modules: [(FeedModule(), 10), (AccountModule(), 100)])
        try host.start()
        let report = host.activationReport.description
        #expect(report.contains("Modules, by priority:\n  AccountModule (priority 100): setUp "))
        #expect(report.contains(", initialize "))
        #expect(report.contains("\n  FeedModule (priority 10): setUp "))
        #expect(host.activationReport.sections.map(\.title) == ["Modules, by priority"])
    }

    @Test func aModuleThatThrowsStopsTheEventAndTearDownStillReachesEveryModuleSetUp() throws {
        let host = try ModuleHost(modules: [(FailingModule(), 100), (FeedModule(), 10)])
        let error = #expect(throws: LifecycleError.self) { try host.start() }
        #expect(error?.kind == .moduleFailed)
        #expect(error?.description == "FailingModule failed to handle initialize: no network")
        #expect((error as (any Error)?)?.localizedDescription == "FailingModule failed to handle initialize: no network")
        #expect(!RecordingModule.log.all.contains("FeedModule initialize"))
        #expect((#expect(throws: LifecycleError.self) { try host.splash() })?.description == "splash() after start() failed: only tearDown() is possible.")
        let tearDown = #expect(throws: LifecycleError.self) { try host.tearDown() }
        #expect(tearDown?.description == "tearDown failed in FailingModule: no network.")
        #expect(RecordingModule.log.all.suffix(1) == ["FeedModule tearDown"])
    }

    @Test func aModuleThatFailsToSetUpIsNotTornDownNorAreTheOnesAfterIt() throws {
        final class BrokenSetUp: RecordingModule {
            override func setUp(_ context: ModuleContext) throws { throw FailingModule.Broken() }
        }
        let host = try ModuleHost(modules: [(FeedModule(), 100), (BrokenSetUp(), 50), (AccountModule(), 10)])
        #expect(throws: LifecycleError.self) { try host.start() }
        try host.tearDown()
        #expect(RecordingModule.log.all == ["FeedModule setUp", "FeedModule tearDown"])
    }

    @Test func theReportKeepsTheLastTimeOfEachEvent() throws {
        let host = try ModuleHost(modules: [(FeedModule(), 0)])
        try host.start()
        for _ in 0..<3 { try host.post("refresh") }
        let line = try #require(host.activationReport.sections.first?.lines.first)
        #expect(line.hasPrefix("FeedModule (priority 0): setUp "))
        #expect(line.components(separatedBy: "refresh").count == 2)
    }

    @Test func eventsOutOfOrderAreTypedErrors() throws {
        let host = try ModuleHost(modules: [(FeedModule(), 0)])
        #expect((#expect(throws: LifecycleError.self) { try host.splash() })?.description == "splash() before start(): start the modules first.")
        try host.start()
        #expect((#expect(throws: LifecycleError.self) { try host.start() })?.kind == .wrongState)
        try host.tearDown()
        #expect((#expect(throws: LifecycleError.self) { try host.post("late") })?.description == #"post("late") after tearDown(): the modules have stopped."#)
    }

    @Test func aManifestListsModulesWithPriorities() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.json")
        try Data("""
            {"version": 1, "modules": [{"type": "MonsoonComponentsTests.FeedModule"},
                                       {"type": "MonsoonComponentsTests.AccountModule", "priority": 5}]}
            """.utf8).write(to: manifest)
        let host = try ModuleHost(manifest: manifest)
        #expect(host.modules.map(\.name) == ["AccountModule", "FeedModule"])
        #expect(host.modules.map(\.priority) == [5, 0])
        // Started by the factory alone, the modules would never run: a typed error says so.
        let error = #expect(throws: ManifestError.self) { try BlockComponentFactory(manifest: manifest) }
        #expect(error?.description.contains("$.modules[0]: this manifest lists lifecycle modules; start it with ModuleHost(manifest:)") == true)
    }

    @Test func aTestStartsTheManifestWithFakesAndConfigurationOfItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.json")
        try Data(#"{"version": 1, "modules": [{"type": "MonsoonComponentsTests.AccountModule"}]}"#.utf8).write(to: manifest)
        let test = try Configuration(json: Data(#"{"greeting": "Hi"}"#.utf8), name: "test.json")
        let host = try ModuleHost(manifest: manifest, replacing: [FrenchGreetingModule()], configuration: test)
        try host.start()
        #expect(RecordingModule.log.all.contains("greets bonjour"))
        #expect(try host.factory.configuration.value("greeting", as: String.self) == "Hi")
    }

    @Test func aFakeThatSubclassesNoAssemblyOfTheHostIsRefusedWhenGiven() throws {
        let error = #expect(throws: LifecycleError.self) {
            try ModuleHost(modules: [(AccountModule(), 0)], assemblies: [GreetingHolderModule()], replacing: [StandaloneGreetingModule()])
        }
        #expect(error?.kind == .replacesNothing)
        #expect(error?.description == """
            StandaloneGreetingModule, given to replacing:, replaces none of the host's assemblies: it is neither one of them nor a \
            subclass of one. The assemblies it could replace: GreetingHolderModule, GreetingModule (brought by AccountModule). \
            Make StandaloneGreetingModule a subclass of the assembly it stands in for; to add it beside them, list it with the \
            host's assemblies instead.
            """)
        // A subclass of an assembly a module brings, or of one activation discovers, replaces it.
        let host = try ModuleHost(modules: [(FeedModule(), 0)], assemblies: [GreetingHolderModule()], replacing: [FrenchGreetingModule()])
        #expect(try host.factory.resolve((any Greeter).self).greet() == "bonjour")
    }

    @Test func manifestMistakesAreTypedErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func host(_ json: String) throws -> ModuleHost {
            let manifest = folder.appendingPathComponent("manifest.json")
            try Data(json.utf8).write(to: manifest)
            return try ModuleHost(manifest: manifest)
        }
        let unknown = #expect(throws: LifecycleError.self) { try host(#"{"version": 1, "modules": [{"type": "MonsoonComponentsTests.Nope"}]}"#) }
        #expect(unknown?.kind == .unknownModule)
        #expect(unknown?.description.hasPrefix("manifest.json $.modules[0]: no type is named MonsoonComponentsTests.Nope.") == true)
        let notModule = #expect(throws: LifecycleError.self) { try host(#"{"version": 1, "modules": [{"type": "MonsoonComponentsTests.EventLog"}]}"#) }
        #expect(notModule?.description == "manifest.json $.modules[0]: MonsoonComponentsTests.EventLog is not a LifecycleModule; conform it to LifecycleModule (with a public init()).")
        let twice = #expect(throws: LifecycleError.self) {
            try host(#"{"version": 1, "modules": [{"type": "MonsoonComponentsTests.FeedModule"}, {"type": "MonsoonComponentsTests.FeedModule"}]}"#)
        }
        #expect(twice?.kind == .duplicateModule)
        let shape = #expect(throws: LifecycleError.self) { try host(#"{"version": 1, "modules": [{"type": "A.B", "priorty": 1}]}"#) }
        #expect(shape?.kind == .manifest)
        #expect(shape?.description.contains("$.modules[0].priorty: unknown key; did you mean priority?") == true)
    }
}
