import Foundation
import MonsoonLifecycle
import MonsoonMediator
import MonsoonRouter
import ShopApp
import ShopSearch
import Testing

@Suite struct ShopTests {
    @Test func searchAsksTheOrdersFeatureThroughTheMediator() {
        let outcome = ShopCommand.run(arguments: ["search", "lamp"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output == "lamp (ordered 1 times)\ndesk lamp (ordered 0 times)\nlamp shade (ordered 0 times)")
    }

    @Test func buyingPlacesTheOrderThroughTheMediatorAndOpensItThroughTheRouter() throws {
        let host = try ShopCommand.startHost()
        let router = try host.factory.resolve(Router.self)
        let search = try #require(try router.open("shop://search/desk") as? SearchScreen)
        #expect(try search.buyFirst() == "Order #2: desk lamp")
        // The same factory: the orders feature now counts the order the search feature placed.
        let again = try #require(try router.open("shop://search/desk%20lamp") as? SearchScreen)
        #expect(try again.render() == "desk lamp (ordered 1 times)")
        #expect("\(try router.open("shop://orders/2"))" == "Order #2: desk lamp")
    }

    @Test func theModulesStartInPriorityOrderAndTheReportTimesThem() throws {
        let host = try ShopCommand.startHost()
        #expect(host.modules.map(\.name) == ["OrdersModule", "SearchModule"])
        #expect(try host.factory.resolve(Router.self).patterns == ["shop://orders/:id", "shop://search/:query"])
        #expect(try host.factory.resolve(Mediator.self).targetNames == ["Orders"])
        let outcome = ShopCommand.run(arguments: ["open", "shop://orders/1", "--report"])
        #expect(outcome.output.contains("Modules, by priority:\n  OrdersModule (priority 200): setUp "))
        #expect(outcome.output.hasSuffix("\n\nOrder #1: lamp"))
    }

    @Test func failuresAreTypedMessagesAndExitCodes() {
        let missing = ShopCommand.run(arguments: ["open", "shop://orders/9"])
        #expect(missing.exitCode == 1)
        #expect(missing.output == "Opening shop://orders/9 (pattern shop://orders/:id) failed: Cannot resolve OrdersAssembly.detail(id: 9): building it threw there is no order #9.")
        let unrouted = ShopCommand.run(arguments: ["open", "shop://basket"])
        #expect(unrouted.output == "No route matches shop://basket (routes: shop://orders/:id, shop://search/:query).")
        #expect(ShopCommand.run(arguments: ["fly"]).exitCode == 64)
    }

    @Test func theSearchFeatureNeverImportsTheOrdersFeature() throws {
        let search = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Search")
        let files = try FileManager.default.contentsOfDirectory(at: search, includingPropertiesForKeys: nil).filter { $0.pathExtension == "swift" }
        #expect(files.count >= 4)
        for file in files {
            #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("import ShopOrders"), "\(file.lastPathComponent) imports ShopOrders")
        }
    }
}
