import Foundation
import Monsoon
import MonsoonLifecycle
import MonsoonRouter
import ShopSearch

/// The `shop` command: starts the modules from the bundled manifest, then searches, buys or opens a
/// URL. The app wires nothing itself: the features find each other through the router and mediator.
public enum ShopCommand {
    static let usage = """
        usage: shop search <query> | shop buy <query> | shop open <url> [--report]
          search   list what matches, with how often each was ordered (search asks orders through the mediator)
          buy      order the first match and show the order (the mediator places it, the router opens it)
          open     open a shop:// URL, like shop://orders/1 or shop://search/lamp
          --report print the activation report with the modules' start-up times first
        """

    /// Runs the command; returns what it prints and its exit status.
    public static func run(arguments: [String]) -> (output: String, exitCode: Int32) {
        var words = arguments.filter { $0 != "--report" }
        let showReport = arguments.contains("--report")
        guard words.count == 2, let command = words.first else { return (usage, 64) }
        words.removeFirst()
        do {
            let host = try startHost()
            defer { try? host.tearDown() }
            let router = try host.factory.resolve(Router.self)
            let output: String
            switch command {
            case "search": output = try render(router.open("shop://search/\(escaped(words[0]))"))
            case "buy": output = try buy(router.open("shop://search/\(escaped(words[0]))"))
            case "open": output = try render(router.open(words[0]))
            default: return (usage, 64)
            }
            return ((showReport ? "\(host.activationReport)\n\n" : "") + output, 0)
        } catch {
            return ("\(error)", 1)
        }
    }

    /// The module host, started from the bundled manifest.
    public static func startHost() throws -> ModuleHost {
        let host = try ModuleHost(manifestResource: "manifest", in: .module)
        try host.start()
        return host
    }

    private static func render(_ screen: Any) throws -> String {
        if let search = screen as? SearchScreen { return try search.render() }
        return "\(screen)"
    }

    private static func buy(_ screen: Any) throws -> String {
        guard let search = screen as? SearchScreen else { return "\(screen)" }
        return try search.buyFirst()
    }

    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
    }
}
