import Monsoon
import Testing

private enum ScaleWrap<T> {}

/// One assembly type per type argument, so that a thousand of them can be passed at once.
private final class ScaleAssembly<T>: Assembly {}

private final class ScaleSerial: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// Named bindings made in a loop from one call site.
private final class ScaleLoopModule: Module {
    let count: Int
    init(count: Int) { self.count = count }
    override func configure(_ binder: Binder) {
        for n in 0..<count {
            binder.bind(ScaleSerial.self, named: "serial\(n)", scope: .lazySingleton) { _ in ScaleSerial(serial: n) }
        }
    }
}

private final class ScaleRepeatedNameModule: Module {
    override func configure(_ binder: Binder) {
        for _ in 0..<2 { binder.bind(ScaleSerial.self, named: "same") { _ in ScaleSerial(serial: 0) } }
    }
}

private final class ScaleUnnamedLoopModule: Module {
    override func configure(_ binder: Binder) {
        for n in 0..<2 { binder.bind(ScaleSerial.self) { _ in ScaleSerial(serial: n) } }
    }
}

/// `count` distinct assembly types, one nesting deeper each.
private func scaleAssemblies<T>(_ count: Int, over _: T.Type) -> [Assembly] {
    var assemblies: [Assembly] = []
    func add<U>(_ remaining: Int, _: U.Type) {
        guard remaining > 0 else { return }
        assemblies.append(ScaleAssembly<U>())
        add(remaining - 1, ScaleWrap<U>.self)
    }
    add(count, T.self)
    return assemblies
}

@Suite struct ScaleLimitTests {
    @Test func moreThanAThousandAssembliesPassedDirectlyActivate() throws {
        let assemblies = scaleAssemblies(1_100, over: Int.self)
        let factory = try BlockComponentFactory(assemblies: assemblies)
        #expect(factory.activationReport.assemblies.count == 1_100)
    }

    @Test func namedBindingsMadeInALoopAreDistinctAndKeepTheirScope() throws {
        let factory = try BlockComponentFactory(assemblies: [ScaleLoopModule(count: 1_000)])
        #expect(try factory.resolve(ScaleSerial.self, named: "serial0").serial == 0)
        #expect(try factory.resolve(ScaleSerial.self, named: "serial742").serial == 742)
        #expect(try factory.resolve(ScaleSerial.self, named: "serial999").serial == 999)
        #expect(try factory.resolve(ScaleSerial.self, named: "serial742") === factory.resolve(ScaleSerial.self, named: "serial742"))
        #expect(factory.definitions.count == 1_000)
        let missing = #expect(throws: ResolutionError.self) { try factory.resolve(ScaleSerial.self, named: "serial1000") }
        #expect(missing?.kind == .unknownKey)
    }

    @Test func oneNameBoundTwiceInALoopIsADuplicateBindingAtThatLine() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ScaleRepeatedNameModule()]) }
        #expect(error?.problems.map(\.kind) == [.duplicateKey])
        #expect(error?.problems.first?.message == """
            Duplicate binding ScaleRepeatedNameModule.same: bound more than once at MonsoonTests/ScaleLimitTests.swift:27. \
            A module binds each type once without a name and each name once: bind it once, or give each binding its own name \
            (binder.bind(…, named: "…")).
            """)
    }

    @Test func oneTypeBoundTwiceWithoutANameInALoopSaysToNameTheBindings() {
        let error = #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [ScaleUnnamedLoopModule()]) }
        #expect(error?.problems.map(\.kind) == [.duplicateKey])
        #expect(error?.problems.first?.message.hasPrefix(
            "Duplicate binding ScaleUnnamedLoopModule.bind(ScaleSerial): bound more than once at MonsoonTests/ScaleLimitTests.swift:33.") == true)
    }
}
