import Monsoon
import Testing

// The code of Docs/Definitions.md, compiled and run so the guide cannot drift from the API.
enum DefinitionsGuide {
    class Screen {
        var theme = ""
        var title = ""
        var events: [String] = []
    }
    final class HomeScreen: Screen {}

    protocol Weapon { var name: String { get } }
    struct Sword: Weapon { let name = "sword" }
    struct Bow: Weapon { let name = "bow" }

    final class Knight {
        let name: String
        var squire: Squire?
        var weapons: [any Weapon] = []
        init(name: String) { self.name = name }
    }

    final class Squire {
        var knight: Knight?
        func serve(_ knight: Knight) { self.knight = knight }
    }

    final class Connection {
        let url: String
        init(url: String) { self.url = url }
        func table(_ name: String) -> Table { Table(connection: self, name: name) }
    }

    struct Table {
        let connection: Connection
        let name: String
    }

    final class Barracks: Sendable {
        let recruit: Provider<Squire>
        init(recruit: Provider<Squire>) { self.recruit = recruit }
    }

    final class GuideAssembly: Assembly {
        override var definitions: [any ComponentDefinition] {
            [baseScreen(), home(), knight(), squire(), sword(), bow(), connection(), users(), barracks()]
        }
        override var parameterizedDefinitions: [ParameterizedMethod] {
            [ParameterizedMethod(GuideAssembly.knight(named:))]
        }

        // Inheritance: an abstract parent carries shared configuration.
        func baseScreen() -> Definition<Screen> {
            define {
                Definition<Screen>.abstract()
                    .inject(\.theme, "dark")
                    .afterInjections { $0.events.append("ready") }
                    .scope(.lazySingleton)
            }
        }
        func home() -> Definition<HomeScreen> {
            define { Definition(HomeScreen.init).parent(baseScreen()).inject(\.title, "Home") }
        }

        // Circular dependencies through properties and methods; collections.
        func knight() -> Definition<Knight> {
            define {
                Definition(Knight.init(name:), .value("Arthur"))
                    .inject(\.squire, squire())
                    .inject(\.weapons, .array([sword(), bow()]))
            }
        }
        func squire() -> Definition<Squire> { define { Definition(Squire.init).injectMethod(Squire.serve(_:), knight()) } }
        func sword() -> Definition<any Weapon> { define { Definition { Sword() } } }
        func bow() -> Definition<any Weapon> { define { Definition { Bow() } } }

        // Runtime arguments, forwarded into the definition.
        func knight(named name: String) -> Definition<Knight> {
            define(arguments: name) { Definition(Knight.init(name:), .value(name)).scope(.lazySingleton) }
        }

        // Factory definitions: a component made by a method of another component.
        func connection() -> Definition<Connection> {
            define { Definition(Connection.init(url:), .value("sqlite://camelot")).scope(.lazySingleton) }
        }
        func users() -> Definition<Table> { define { Definition(factory: connection(), Connection.table(_:), .value("users")) } }

        // A narrow provider instead of the whole factory.
        func barracks() -> Definition<Barracks> { define { Definition(Barracks.init(recruit:), .provider(squire())) } }
    }

    static func run() throws -> [String] {
        let factory = try BlockComponentFactory(assemblies: [GuideAssembly()])
        let home = try factory.resolve(GuideAssembly.home)
        let arthur = try factory.resolve(GuideAssembly.knight)
        let lancelot = try factory.resolve(GuideAssembly.knight(named:), "Lancelot")
        let byKey: Knight = try factory.resolve(key: "GuideAssembly.knight(named:)", arguments: ["Lancelot"])
        let users = try factory.resolve(GuideAssembly.users)
        let recruit = try factory.resolve(GuideAssembly.barracks).recruit()
        return [
            "\(home.title) \(home.theme) \(home.events)",
            "\(arthur.name)'s squire serves \(arthur.squire?.knight?.name ?? "nobody") with \(arthur.weapons.map(\.name))",
            "\(lancelot.name) is pooled by argument: \(byKey === lancelot)",
            "\(users.name) on \(users.connection.url)",
            "recruit serves \(recruit.knight?.name ?? "nobody")",
        ]
    }
}

// The "The scope up front" section.
enum DeferredGuide {
    final class Gate {}
    final class Moat {}
    final class Castle {
        let gate: Gate
        var moat: Moat?
        init(gate: Gate) { self.gate = gate }
    }

    final class CastleAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [castle(), gate()] }

        func castle() -> Definition<Castle> {
            define(.lazySingleton) { Definition(Castle.init(gate:), gate()).inject(\.moat, moat()) }
        }
        func gate() -> Definition<Gate> { define(.prototype) { Definition(Gate.init) } }
        // Not listed: castle()'s body reaches it, so activation registers it.
        func moat() -> Definition<Moat> { define(.objectGraph) { Definition(Moat.init) } }
    }

    static func run() throws -> [Bool] {
        let factory = try BlockComponentFactory(assemblies: [CastleAssembly()])
        let moatBeforeCastle = (try? factory.resolve(CastleAssembly.moat)) != nil
        let castle = try factory.resolve(CastleAssembly.castle)
        return [
            moatBeforeCastle,
            castle === (try factory.resolve(CastleAssembly.castle)),
            (try factory.resolve(CastleAssembly.gate)) !== (try factory.resolve(CastleAssembly.gate)),
            castle.moat != nil && (try? factory.resolve(CastleAssembly.moat)) != nil,
        ]
    }
}

@Suite struct DefinitionsGuideTests {
    @Test func theScopeUpFrontSectionBehavesAsTheGuideSays() throws {
        // moat() registered at activation; castle shared; gates new; castle's moat injected.
        #expect(try DeferredGuide.run() == [true, true, true, true])
    }

    @Test func theGuidesExamplePrintsWhatTheGuideSays() throws {
        #expect(try DefinitionsGuide.run() == [
            "Home dark [\"ready\"]",
            "Arthur's squire serves Arthur with [\"sword\", \"bow\"]",
            "Lancelot is pooled by argument: true",
            "users on sqlite://camelot",
            "recruit serves Arthur",
        ])
    }
}
