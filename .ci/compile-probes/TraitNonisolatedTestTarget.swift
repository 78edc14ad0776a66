// expect: no error (a test target without default isolation, as a test template makes one, reading the app's main-actor values in the trait)
import Foundation
import Monsoon
import MonsoonTesting
import Testing

// The app's main-actor values (a module whose default isolation is the main actor makes every one so).
@MainActor enum App {
    static var manifestURL: URL? { URL(fileURLWithPath: "/app/manifest.json") }
    static let apiToken = "token"
    static let testSettings = #"{"greeting": "Hi"}"#
}

nonisolated final class Token: Sendable {
    let value: String
    init(value: String) { self.value = value }
}

nonisolated final class SessionAssembly: Assembly {
    let token: String
    init(token: String) { self.token = token }
    override var definitions: [any ComponentDefinition] { [session()] }
    func session() -> Definition<Token> { define(.lazySingleton) { [token] in Definition(Token.init(value:), .value(token)) } }
}

// Before, each argument here was "main actor-isolated static property … cannot be accessed from outside of the actor".
@Suite(.monsoonFactory(manifest: try #require(App.manifestURL), replacing: { [SessionAssembly(token: App.apiToken)] },
                       configuration: try Configuration(json: Data(App.testSettings.utf8), name: "test.json")))
struct ManifestTests {
    @Test func aTest() throws { _ = try TestFactory.require() }
}

@Suite(.monsoonFactory { [SessionAssembly(token: App.apiToken)] })
struct SessionTests {
    @Test func aTest() throws { _ = try TestFactory.require().resolve(SessionAssembly.session) }
}
