import Monsoon
import Testing

/// A chapter of a novel: a parameterized objectGraph definition whose graph refers back to it.
final class Chapter {
    let number: Int
    var novel: Novel?
    init(number: Int, log: BuildLog) {
        self.number = number
        log.record("init Chapter \(number)")
    }
}

final class Novel {
    var opening: Chapter?
    var ending: Chapter?
    var openingAgain: Chapter?
}

final class NovelAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] { [novel()] }

    func novel() -> Definition<Novel> {
        define {
            Definition(Novel.init)
                .inject(\.opening, chapter(number: 1))
                .inject(\.ending, chapter(number: 2))
                .inject(\.openingAgain, chapter(number: 1))
        }
    }

    func chapter(number: Int) -> Definition<Chapter> {
        define(arguments: number) { [self] in
            Definition(Chapter.init(number:log:), .value(number), .value(log)).inject(\.novel, novel())
        }
    }
}

/// Definitions declared with an optional component type.
final class MaybeAssembly: Assembly {
    let log: BuildLog
    let builds: Bool
    init(log: BuildLog, builds: Bool = true) {
        self.log = log
        self.builds = builds
    }

    override var definitions: [any ComponentDefinition] { [maybeHorse()] }

    func maybeHorse() -> Definition<Horse?> {
        let log = log
        let builds = builds
        return define {
            Definition(resolving: { _ -> Horse? in builds ? Horse(name: "Maybe", log: log) : nil })
                .afterInjections { horse in log.record("hook \(horse?.name ?? "nil")") }
        }
    }
}

@Suite struct ParameterizedGraphTests {
    let log = BuildLog()

    @Test func aParameterizedObjectGraphIsBuiltOncePerArgumentValuesInOneResolution() throws {
        let factory = try BlockComponentFactory(assemblies: [NovelAssembly(log: log)])
        let novel = try factory.resolve(NovelAssembly.novel)
        let opening = try #require(novel.opening)
        #expect(opening === novel.openingAgain, "equal arguments share the objectGraph instance")
        #expect(opening !== novel.ending, "other arguments build another instance")
        #expect(opening.novel === novel && novel.ending?.novel === novel)
        #expect(log.count("init Chapter 1") == 1)
        #expect(log.count("init Chapter 2") == 1)
    }

    @Test func aParameterizedObjectGraphThatItsOwnGraphRefersBackToIsBuiltOnce() throws {
        let factory = try BlockComponentFactory(assemblies: [NovelAssembly(log: log)])
        let chapter = try factory.resolve(NovelAssembly.chapter(number:), 1)
        let novel = try #require(chapter.novel)
        #expect(novel.opening === chapter, "the graph refers back to the chapter being resolved")
        #expect(novel.openingAgain === chapter)
        #expect(novel.ending?.number == 2)
        #expect(log.count("init Chapter 1") == 1)
    }

    @Test func anOptionalDefinitionRunsItsInitializerAndHooksByMethodTypeAndValue() throws {
        let assembly = MaybeAssembly(log: log)
        let factory = try BlockComponentFactory(assemblies: [assembly])
        let byMethod = try factory.resolve(MaybeAssembly.maybeHorse)
        let byType = try factory.resolve(Horse?.self)
        let byValue = try factory.resolve(assembly.maybeHorse())
        #expect(byMethod?.name == "Maybe")
        #expect(byType?.name == "Maybe")
        #expect(byValue?.name == "Maybe")
        #expect(log.count("init Horse") == 3, "objectGraph: one build per top-level resolution")
        #expect(log.count("hook Maybe") == 3)
    }

    @Test func anOptionalDefinitionMayBuildNil() throws {
        let factory = try BlockComponentFactory(assemblies: [MaybeAssembly(log: log, builds: false)])
        #expect(try factory.resolve(MaybeAssembly.maybeHorse) == nil)
        #expect(log.count("hook nil") == 1, "the hooks run for a nil component too")
    }
}
