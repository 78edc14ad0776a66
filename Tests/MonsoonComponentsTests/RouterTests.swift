import Foundation
import Monsoon
import MonsoonRouter
import Testing

private struct OrderScreen: Sendable, Equatable { let id: Int }
private struct Comparison: Sendable, Equatable { let left: String; let right: String }

private final class ScreensAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [home()] }
    func home() -> Definition<String> { define { Definition { "home" } } }
    func order(id: Int) -> Definition<OrderScreen> { define(arguments: id) { Definition { OrderScreen(id: id) } } }
    func compare(left: String, right: String) -> Definition<Comparison> {
        define(arguments: left, right) { Definition { Comparison(left: left, right: right) } }
    }
}

@Suite struct RouterTests {
    /// A router over a factory kept alive for `body`: a router holds its factory weakly.
    private func withRouter(_ body: (Router) throws -> Void) throws {
        let factory = try BlockComponentFactory(assemblies: [ScreensAssembly(), RouterAssembly()])
        let router = try factory.resolve(Router.self)
        try router.register("app://orders/:id", to: ScreensAssembly.order(id:))
        try router.register("app://orders/new") { _ in "new order form" }
        try router.register("app://compare/:left/:right", to: ScreensAssembly.compare(left:right:))
        try router.register("app://search/*") { request in "search \(request.wildcard ?? "") sort \(request.query["sort"] ?? "-")" }
        try router.register("app://home", to: ScreensAssembly.home)
        try withExtendedLifetime(factory) { try body(router) }
    }

    @Test func aDefinitionRouteIsBuiltWithTheURLsParametersAsRuntimeArguments() throws {
        try withRouter { router throws in
            #expect(try router.open("app://orders/42") as? OrderScreen == OrderScreen(id: 42))
            #expect(try router.open("app://compare/a%20b/c") as? Comparison == Comparison(left: "a b", right: "c"))
            #expect(try router.open("app://home") as? String == "home")
        }
    }

    @Test func theMostSpecificPatternWins() throws {
        try withRouter { router throws in
            #expect(try router.open("app://orders/new") as? String == "new order form")
            #expect(try router.open("APP://Orders/7") as? OrderScreen == OrderScreen(id: 7))
        }
    }

    @Test func anExactPatternBeatsAWildcardThatMatchesNothing() throws {
        let router = Router()
        try router.register("app://search/*") { _ in "wildcard" }
        try router.register("app://search") { _ in "exact" }
        #expect(try router.open("app://search") as? String == "exact")
        #expect(try router.open("app://search/lamps") as? String == "wildcard")
    }

    @Test func aWildcardTakesTheRestAndQueryItemsAreDecoded() throws {
        try withRouter { router throws in
            #expect(try router.open("app://search/lamps/red?sort=price+asc&x=1") as? String == "search lamps/red sort price asc")
        }
    }

    @Test func theCompletionFormHandsOverTheOutcome() throws {
        try withRouter { router throws in
            var outcome: Result<Any, RouterError>?
            router.open("app://orders/5") { outcome = $0 }
            #expect((try outcome?.get()) as? OrderScreen == OrderScreen(id: 5))
            router.open("app://nowhere") { outcome = $0 }
            guard case .failure(let error) = outcome else {
                Issue.record("expected a failure")
                return
            }
            #expect(error.kind == .noRoute)
            #expect(!router.canOpen("app://nowhere"))
            #expect(router.canOpen("app://orders/1"))
        }
    }

    @Test func anUnmatchedURLNamesTheRoutesAndTheNearest() throws {
        try withRouter { router throws in
            let error = #expect(throws: RouterError.self) { try router.open("app://hom") }
            #expect(error?.kind == .noRoute)
            #expect((error as (any Error)?)?.localizedDescription == error?.description)
            #expect(error?.description == """
                No route matches app://hom (routes: app://compare/:left/:right, app://home, app://orders/:id, app://orders/new, app://search/*). \
                Did you mean: app://home?
                """)
        }
    }

    @Test func aParameterThatDoesNotConvertIsATypedError() throws {
        try withRouter { router throws in
            let error = #expect(throws: RouterError.self) { try router.open("app://orders/forty-two") }
            #expect(error?.kind == .invalidParameter)
            #expect(error?.description == #"app://orders/forty-two: the parameter "id" is "forty-two", which is not a valid Int."#)
        }
    }

    @Test func malformedURLsAndPatternsAndDuplicatesAreTypedErrors() throws {
        try withRouter { router throws in
            #expect((#expect(throws: RouterError.self) { try router.open("orders/42") })?.kind == .malformedURL)
            #expect((#expect(throws: RouterError.self) { try router.register("app://a/*/b") { _ in 0 } })?.kind == .invalidPattern)
            #expect((#expect(throws: RouterError.self) { try router.register("app://a/:x/:x") { _ in 0 } })?.kind == .invalidPattern)
            #expect((#expect(throws: RouterError.self) { try router.register("app://orders/:number") { _ in 0 } })?.kind == .duplicateRoute)
            let arity = #expect(throws: RouterError.self) { try router.register("app://order/:a/:b", to: ScreensAssembly.order(id:)) }
            #expect(arity?.description == #"The pattern "app://order/:a/:b" has 2 parameter(s), and its definition method takes 1."#)
        }
    }

    @Test func aHandlerThatThrowsIsWrapped() throws {
        let router = Router()
        struct Refused: Error {}
        try router.register("app://refuse") { _ in throw Refused() }
        let error = #expect(throws: RouterError.self) { try router.open("app://refuse") }
        #expect(error?.kind == .handlerFailed)
        #expect(error?.underlyingError is Refused)
    }
}

@Suite struct RouteLoopTests {
    @Test func aHandlerThatOpensItsOwnURLIsStoppedWithATypedError() throws {
        let router = Router()
        try router.register("app://a") { _ in try router.open("app://b") }
        try router.register("app://b") { _ in try router.open("app://a") }
        let error = #expect(throws: RouterError.self) { try router.open("app://a") }
        #expect(error?.kind == .routeLoop)
        #expect(error?.description == "Opening app://a led back to opening it again: app://a → app://b → app://a; a route's handler must not open a URL that routes back to it.")
        // Nothing is left behind: the next open on this thread starts afresh.
        try router.register("app://c") { _ in "c" }
        #expect(try router.open("app://c") as? String == "c")
    }

    @Test func opensThatNeverRepeatButNeverEndStopAtTheDepthLimit() throws {
        let router = Router()
        try router.register("app://page/:n") { request in try router.open("app://page/\(try request.value("n", as: Int.self) + 1)") }
        let error = #expect(throws: RouterError.self) { try router.open("app://page/0") }
        #expect(error?.kind == .routeLoop)
        #expect(error?.description.hasPrefix("Opening URLs nested more than 64 deep: app://page/0 → app://page/1 →") == true)
    }
}
