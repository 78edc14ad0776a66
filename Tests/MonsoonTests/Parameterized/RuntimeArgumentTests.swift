import Monsoon
import Testing

final class Squire {
    let name: String
    let serial: Int
    var horse: Horse?
    var master: ArgumentKnight?
    init(name: String, log: BuildLog) {
        self.name = name
        serial = log.nextSerial()
        log.record("init Squire \(name)")
    }
}

final class ArgumentKnight {
    let name: String
    let squire: Squire
    init(name: String, squire: Squire) {
        self.name = name
        self.squire = squire
    }
}

final class ArgumentAssembly: Assembly {
    let log: BuildLog
    let squireScope: Scope
    init(log: BuildLog, squireScope: Scope = .objectGraph) {
        self.log = log
        self.squireScope = squireScope
    }

    override var parameterizedDefinitions: [ParameterizedMethod] {
        [ParameterizedMethod(ArgumentAssembly.knight(named:)), ParameterizedMethod(ArgumentAssembly.squire(named:))]
    }

    /// Forwards its argument into a nested parameterized definition.
    func knight(named name: String) -> Definition<ArgumentKnight> {
        define(arguments: name) { [self] in Definition(ArgumentKnight.init(name:squire:), .value(name), squire(named: "\(name)'s squire")) }
    }

    func squire(named name: String) -> Definition<Squire> {
        define(arguments: name) { [self] in Definition(Squire.init(name:log:), .value(name), .value(log)).scope(squireScope) }
    }

    func horse(named name: String, age: Int) -> Definition<Horse> {
        define(arguments: name, age) { [self] in Definition(Horse.init(name:log:), .value("\(name), \(age)"), .value(log)) }
    }

    func forgetful(named name: String) -> Definition<Squire> {
        define { Definition(Squire.init(name:log:), .value(name), .value(log)) }
    }

    func eager(named name: String) -> Definition<Squire> {
        define(arguments: name) { [self] in Definition(Squire.init(name:log:), .value(name), .value(log)).scope(.singleton) }
    }
}

@Suite struct RuntimeArgumentTests {
    let log = BuildLog()

    @Test func argumentsReachTheComponentAndNestedDefinitions() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log)])
        let knight = try factory.resolve(ArgumentAssembly.knight(named:), "Lancelot")
        #expect(knight.name == "Lancelot")
        #expect(knight.squire.name == "Lancelot's squire")
        #expect(try factory.resolve(ArgumentAssembly.horse(named:age:), "Binky", 7).name == "Binky, 7")
    }

    @Test func lazySingletonsArePooledByArgumentValues() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log, squireScope: .lazySingleton)])
        let first = try factory.resolve(ArgumentAssembly.squire(named:), "Bedivere")
        let again = try factory.resolve(ArgumentAssembly.squire(named:), "Bedivere")
        let other = try factory.resolve(ArgumentAssembly.squire(named:), "Kay")
        #expect(first === again)
        #expect(first !== other)
        #expect(log.count("init Squire Bedivere") == 1)
    }

    /// By key and by method reference reach the definition through different calls of its method; a
    /// build that does not merge identical string literals (AddressSanitizer, release) gave each its own
    /// `#fileID`, and identity compared their addresses: two instances for the same arguments.
    @Test func aParameterizedSingletonResolvedByKeyAndByMethodIsOneInstance() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log, squireScope: .lazySingleton)])
        let byKey: Squire = try factory.resolve(key: "ArgumentAssembly.squire(named:)", arguments: ["Gawain"])
        let byMethod = try factory.resolve(ArgumentAssembly.squire(named:), "Gawain")
        #expect(byKey === byMethod)
        #expect(log.count("init Squire Gawain") == 1)
    }

    @Test func weakSingletonsArePooledByArgumentValuesWhileHeld() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log, squireScope: .weakSingleton)])
        let held = try factory.resolve(ArgumentAssembly.squire(named:), "Gawain")
        #expect(try factory.resolve(ArgumentAssembly.squire(named:), "Gawain") === held)
        #expect(try factory.resolve(ArgumentAssembly.squire(named:), "Percival") !== held)
        withExtendedLifetime(held) {}
    }

    @Test func prototypesWithArgumentsAreAlwaysNew() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log, squireScope: .prototype)])
        #expect(try factory.resolve(ArgumentAssembly.squire(named:), "Tristan") !== factory.resolve(ArgumentAssembly.squire(named:), "Tristan"))
    }

    @Test func objectGraphWithArgumentsIsSharedWithinOneGraphForEqualArguments() throws {
        final class Pair {
            let left: Squire, right: Squire, other: Squire
            init(left: Squire, right: Squire, other: Squire) {
                self.left = left
                self.right = right
                self.other = other
            }
        }
        final class PairAssembly: Assembly {
            let arguments: ArgumentAssembly
            init(arguments: ArgumentAssembly) { self.arguments = arguments }
            override var definitions: [any ComponentDefinition] { [pair()] }
            func pair() -> Definition<Pair> {
                define {
                    Definition(Pair.init(left:right:other:), arguments.squire(named: "Ywain"), arguments.squire(named: "Ywain"), arguments.squire(named: "Erec"))
                }
            }
        }
        let arguments = ArgumentAssembly(log: log)
        let pair = try BlockComponentFactory(assemblies: [arguments, PairAssembly(arguments: arguments)]).resolve(PairAssembly.pair)
        #expect(pair.left === pair.right)
        #expect(pair.left !== pair.other)
    }

    @Test func aSingletonWithRuntimeArgumentsIsAnError() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log)])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(ArgumentAssembly.eager(named:), "Mordred") }
        #expect(error?.kind == .singletonWithArguments)
        #expect(error?.description == """
            Cannot resolve ArgumentAssembly.eager(named: "Mordred"): a definition with runtime arguments cannot be a singleton: \
            singletons are built at activation, before any arguments exist.
              Use .lazySingleton to keep one instance per argument values.
            """)
    }

    /// A parameterized definition is checked as a listed one is, when its argument values are new: a
    /// configuration key that is missing is named before anything is built.
    @Test func aParameterizedDefinitionIsCheckedAsActivationChecks() throws {
        final class Herald {
            init(name: String, motto: String) {}
        }
        final class HeraldAssembly: Assembly {
            override var parameterizedDefinitions: [ParameterizedMethod] { [ParameterizedMethod(HeraldAssembly.herald(named:))] }
            func herald(named name: String) -> Definition<Herald> {
                define(arguments: name) { Definition(Herald.init(name:motto:), .value(name), .config("heraldry.motto")) }
            }
        }
        let factory = try BlockComponentFactory(assemblies: [HeraldAssembly()])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(HeraldAssembly.herald(named:), "Gawain") }
        #expect(error?.kind == .invalidDefinition)
        #expect(error?.description == """
            Cannot resolve HeraldAssembly.herald(named: "Gawain"): its definition is invalid. HeraldAssembly.herald(named: "Gawain") \
            injects configuration: Configuration key "heraldry.motto" is missing (no configuration files are attached).
              A definition with runtime arguments is checked when it is first resolved with new argument values.
            """)
    }

    @Test func aMethodWhoseDefineOmitsItsArgumentsIsAnError() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log)])
        let error = #expect(throws: ResolutionError.self) { try factory.resolve(ArgumentAssembly.forgetful(named:), "Lamorak") }
        #expect(error?.kind == .parametersWithoutArguments)
        #expect(error?.description == """
            Cannot resolve ArgumentAssembly.forgetful(named:): it was called with 1 runtime argument, but its define does not \
            list them, so every argument value would share one pool entry.
              Pass the method's parameters to define: define(arguments: name) { … }.
            """)
    }

    @Test func resolvesByKeyWithArgumentValues() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log)])
        let knight: ArgumentKnight = try factory.resolve(key: "ArgumentAssembly.knight(named:)", arguments: ["Galahad"])
        #expect(knight.squire.name == "Galahad's squire")
        let squire = try factory.resolve(key: "ArgumentAssembly.squire(named:)", arguments: ["Dagonet"], as: Squire.self)
        #expect(squire.name == "Dagonet")
    }

    @Test func aWrongArgumentTypeOrCountByKeyNamesTheExpectedSignatures() throws {
        let factory = try BlockComponentFactory(assemblies: [ArgumentAssembly(log: log)])
        let wrongType = #expect(throws: ResolutionError.self) {
            try factory.resolve(key: "ArgumentAssembly.knight(named:)", arguments: [42], as: ArgumentKnight.self)
        }
        #expect(wrongType?.kind == .argumentMismatch)
        #expect(wrongType?.description == """
            Cannot resolve key "ArgumentAssembly.knight(named:)": no declared parameterized definition with this name accepts arguments (Int).
              The assembly's parameterized definitions take: (String), (String).
              Check the argument count and types, and that the method is listed in parameterizedDefinitions.
            """)
        let wrongCount = #expect(throws: ResolutionError.self) {
            try factory.resolve(key: "ArgumentAssembly.knight(named:)", arguments: ["Galahad", 3], as: ArgumentKnight.self)
        }
        #expect(wrongCount?.kind == .argumentMismatch)
    }
}
