import Monsoon
import Testing

/// A post-processor with an explicit order.
struct OrderedRecorder: DefinitionPostProcessor, InstancePostProcessor {
    let name: String
    let order: Int
    let log: BuildLog
    func process(_ definition: inout RegisteredDefinition) throws {
        if definition.key == "HeraldAssembly.herald()" { log.record("\(name) saw the definition") }
    }
    func process(_ instance: Any, key: String) -> Any {
        log.record("\(name) saw the instance")
        return instance
    }
}

/// An assembly that brings its own post-processors, as a Typhoon assembly may.
final class HeraldAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }
    override var definitions: [any ComponentDefinition] { [herald()] }
    override var definitionPostProcessors: [any DefinitionPostProcessor] {
        [OrderedRecorder(name: "assembly late", order: 10, log: log), OrderedRecorder(name: "assembly default", order: 0, log: log)]
    }
    override var instancePostProcessors: [any InstancePostProcessor] { [OrderedRecorder(name: "assembly early", order: -5, log: log)] }
    func herald() -> Definition<Herald> { define { Definition(Herald.init(quest:), Injection.resolved { _ in DragonQuest() as any Quest }) } }
}

@Suite("Post-processors declared in assemblies, ordered")
struct AssemblyPostProcessorTests {
    @Test func theyRunWithTheFactorysOwnByOrderThenAsGiven() throws {
        let log = BuildLog()
        let factory = try BlockComponentFactory(
            assemblies: [HeraldAssembly(log: log)],
            definitionPostProcessors: [OrderedRecorder(name: "factory default", order: 0, log: log), OrderedRecorder(name: "factory first", order: -1, log: log)],
            instancePostProcessors: [OrderedRecorder(name: "factory default", order: 0, log: log)])
        #expect(log.events == ["factory first saw the definition", "factory default saw the definition",
                               "assembly default saw the definition", "assembly late saw the definition"])
        _ = try factory.resolve(HeraldAssembly.herald)
        #expect(log.events.suffix(2) == ["assembly early saw the instance", "factory default saw the instance"])
    }
}
