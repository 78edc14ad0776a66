import Foundation
import Monsoon
import MonsoonTesting
import Testing

/// The same assemblies resolve in the app, validate in `validate()`, activate in `forTesting` and with a
/// replacing subclass, whatever form reaches a definition no assembly lists.
@Suite struct AppAndTestsAgreeTests {
    @Test func anUnlistedDefinitionReachedOnlyFromADeferredBodyResolvesInTheAppAndValidatesInTests() throws {
        let app = try BlockComponentFactory(assemblies: [BerthServices(), BerthCore()])
        let service = try app.resolve(BerthServices.service)
        #expect(service.endpoints.host == "berth.example")
        #expect(app.validate().findings(.error).isEmpty)

        let tests = try BlockComponentFactory.forTesting([BerthServices(), BerthCore()])
        #expect(try tests.resolve(BerthServices.service).endpoints.host == "berth.example")
        // Registered under its own key, as if listed.
        #expect(tests.graph().nodes.map(\.key).contains("BerthCore.endpoints()"))
    }

    @Test func aReplacingSubclassReachesWhatTheReplacedAssemblyReaches() throws {
        let tests = try BlockComponentFactory.forTesting([BerthServices(), BerthCore()], replacing: [QuietBerthCore()])
        let service = try tests.resolve(BerthServices.service)
        #expect(service.logger.isQuiet)
        #expect(service.endpoints.host == "berth.example")
        #expect(tests.validate().findings(.error).isEmpty)
        // What the replaced class reaches is registered under the replacing class's name, as its listed ones are.
        #expect(tests.graph().nodes.map(\.key).contains("QuietBerthCore.endpoints()"))
    }

    @Test func aFakeThatListsItsOverrideOfAnUnlistedMethodIsTheOneInjected() throws {
        let tests = try BlockComponentFactory.forTesting([BerthServices(), BerthCore()], replacing: [LocalBerthCore()])
        #expect(try tests.resolve(BerthServices.service).endpoints.host == "localhost")
        let desk = try BlockComponentFactory.forTesting([BerthDesk(), BerthCore()], replacing: [LocalBerthCore()])
        #expect(try desk.resolve(BerthDesk.eagerService).endpoints.host == "localhost")
        #expect(try tests.resolve(BerthCore.endpoints).host == "localhost")
    }

    @Test func aParameterizedBodyReachesAnUnlistedDefinitionNothingElseReaches() throws {
        let app = try BlockComponentFactory(assemblies: [BerthLinks(), BerthCore()])
        #expect(try app.resolve(BerthLinks.link(harbor:), "Faro").path == "berth.example/Faro")

        // Validation draws link(harbor: "home") through home(), and with it the definition it reaches.
        let tests = try BlockComponentFactory.forTesting([BerthLinks(), BerthCore()])
        #expect(tests.validate().findings(.error).isEmpty)
        #expect(try tests.resolve(BerthLinks.home).link.path == "berth.example/home")
        #expect(tests.graph().nodes.map(\.key).contains("BerthCore.endpoints()"))
    }

    @Test func eightThreadsReachingTheSameUnlistedDefinitionRegisterItOnce() throws {
        for _ in 0..<20 {
            let app = try BlockComponentFactory(assemblies: [BerthLinks(), BerthServices(), BerthCore()])
            let paths = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                // Half through a parameterized body, half through a deferred one: both reach endpoints().
                let path = index.isMultiple(of: 2)
                    ? (try? app.resolve(BerthLinks.link(harbor:), "Faro").path)
                    : (try? app.resolve(BerthServices.service)).map { "\($0.endpoints.host)/Faro" }
                paths.withLock { $0.append(path ?? "failed") }
            }
            #expect(paths.current == Array(repeating: "berth.example/Faro", count: 8))
            #expect(app.graph().nodes.filter { $0.key == "BerthCore.endpoints()" }.count == 1)
        }
    }

    @Test func aFakeThatReplacesNothingIsRefusedNamingWhatItCouldReplace() throws {
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory.forTesting([BerthServices()], replacing: [StrayBerthCore()])
        }
        #expect(error.problems.map(\.kind) == [.replacesNothing])
        #expect(error.description == "Cannot activate the factory: StrayBerthCore, given to forTesting(_:replacing:), replaces none of "
            + "the assemblies: it is neither one of them nor a subclass of one. The assemblies it could replace: BerthServices, "
            + "BerthCore (a collaborator of BerthServices). Make StrayBerthCore a subclass of the assembly it stands in for; to add it "
            + "beside them, pass it with the assemblies instead.")
        // A fake of a collaborator is a replacement, not a stray.
        _ = try BlockComponentFactory.forTesting([BerthServices()], replacing: [QuietBerthCore()])
    }

    @Test func anAssemblyActivatedOnlyAsACollaboratorIsReachedTheSameWayInBoth() throws {
        // BerthCore is activated because BerthServices holds one in a stored property.
        let app = try BlockComponentFactory(assemblies: [BerthServices()])
        #expect(try app.resolve(BerthServices.service).endpoints.host == "berth.example")
        let tests = try BlockComponentFactory.forTesting([BerthServices()], replacing: [QuietBerthCore()])
        #expect(try tests.resolve(BerthServices.service).logger.isQuiet)
        #expect(try tests.resolve(BerthServices.service).endpoints.host == "berth.example")
    }
}

final class BerthEndpoints { let host: String; init(host: String) { self.host = host } }
class BerthLogger { var isQuiet: Bool { false } }
final class QuietBerthLogger: BerthLogger { override var isQuiet: Bool { true } }
final class BerthService {
    let endpoints: BerthEndpoints
    let logger: BerthLogger
    init(endpoints: BerthEndpoints, logger: BerthLogger) { self.endpoints = endpoints; self.logger = logger }
}

class BerthCore: Assembly {
    override var definitions: [any ComponentDefinition] { [logger()] }
    func logger() -> Definition<BerthLogger> { define(.lazySingleton) { Definition(BerthLogger.init) } }
    // Listed nowhere, evaluated form: reached only from BerthServices.service()'s deferred body.
    func endpoints() -> Definition<BerthEndpoints> { define { Definition(BerthEndpoints.init(host:), .value("berth.example")) } }
}

/// Replaces a listed method only.
final class QuietBerthCore: BerthCore {
    override func logger() -> Definition<BerthLogger> { define(.lazySingleton) { Definition(QuietBerthLogger.init) } }
}

/// Replaces a method the app's assembly does not list: listed here, so that references through a
/// `BerthCore` reach it.
final class LocalBerthCore: BerthCore {
    override var definitions: [any ComponentDefinition] { super.definitions + [endpoints()] }
    override func endpoints() -> Definition<BerthEndpoints> { define { Definition(BerthEndpoints.init(host:), .value("localhost")) } }
}

final class BerthServices: Assembly {
    let core = BerthCore()
    override var definitions: [any ComponentDefinition] { [service()] }
    func service() -> Definition<BerthService> {
        define(.lazySingleton) { [self] in Definition(BerthService.init(endpoints:logger:), core.endpoints(), core.logger()) }
    }
}

/// Reaches the same unlisted definition from a `define { }` body, which activation evaluates.
final class BerthDesk: Assembly {
    let core = BerthCore()
    override var definitions: [any ComponentDefinition] { [eagerService()] }
    func eagerService() -> Definition<BerthService> {
        define { [self] in Definition(BerthService.init(endpoints:logger:), core.endpoints(), core.logger()) }
    }
}

struct BerthLink {
    let path: String
    init(harbor: String, endpoints: BerthEndpoints) { path = "\(endpoints.host)/\(harbor)" }
}

final class BerthHome {
    let link: BerthLink
    init(link: BerthLink) { self.link = link }
}

/// Reaches the unlisted definition only from a parameterized body.
final class BerthLinks: Assembly {
    let core = BerthCore()
    override var definitions: [any ComponentDefinition] { [home()] }
    func home() -> Definition<BerthHome> { define(.lazySingleton) { [self] in Definition(BerthHome.init(link:), link(harbor: "home")) } }
    func link(harbor: String) -> Definition<BerthLink> {
        define(arguments: harbor) { [self] in Definition(BerthLink.init(harbor:endpoints:), .value(harbor), core.endpoints()) }
    }
}

/// Meant to fake BerthCore, but subclasses Assembly: it replaces nothing.
final class StrayBerthCore: Assembly {
    override var definitions: [any ComponentDefinition] { [logger()] }
    func logger() -> Definition<BerthLogger> { define(.lazySingleton) { Definition(QuietBerthLogger.init) } }
}
