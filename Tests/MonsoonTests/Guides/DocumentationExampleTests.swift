import Monsoon
import Testing

// The README's example, compiled and run so the documentation cannot drift from the API.
enum ReadmeExample {
    protocol Quest { func embark() -> String }

    final class HolyGrailQuest: Quest {
        func embark() -> String { "seeks the Holy Grail" }
    }

    final class Horse {
        let name: String
        init(name: String) { self.name = name }
    }

    final class Knight {
        let quest: any Quest
        var horse: Horse?
        init(quest: any Quest) { self.quest = quest }
    }

    final class QuestAssembly: Assembly {
        override var definitions: [any ComponentDefinition] { [knight(), quest(), horse()] }

        func knight() -> Definition<Knight> {
            define(.lazySingleton) {
                Definition(Knight.init(quest:), quest())
                    .inject(\.horse, horse())
            }
        }

        func quest() -> Definition<any Quest> { define(.objectGraph) { Definition(HolyGrailQuest.init) } }

        func horse() -> Definition<Horse> { define(.objectGraph) { Definition(Horse.init(name:), .value("Binky")) } }
    }

    static func run() throws -> String {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly()])
        let knight = try factory.resolve(QuestAssembly.knight)
        return "A knight on \(knight.horse?.name ?? "foot") \(knight.quest.embark())."
    }

    /// The knight is a lazySingleton, as `define(.lazySingleton)` says.
    static func knightIsShared() throws -> Bool {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly()])
        return try factory.resolve(QuestAssembly.knight) === factory.resolve(QuestAssembly.knight)
    }
}

@Suite struct DocumentationExampleTests {
    @Test func readmeExamplePrintsWhatTheReadmeSays() throws {
        #expect(try ReadmeExample.run() == "A knight on Binky seeks the Holy Grail.")
        #expect(try ReadmeExample.knightIsShared())
    }
}

// Docs/Diagnostics.md, "Logging failed resolutions": the README's assembly with an observer that prints.
enum FailureLoggingExample {
    final class DragonQuest: ReadmeExample.Quest { func embark() -> String { "slays the dragon" } }

    static func run(print: @escaping @Sendable (String) -> Void) throws {
        let factory = try BlockComponentFactory(assemblies: [ReadmeExample.QuestAssembly()], onResolutionFailure: { error in
            print("[di] \(error.kind): \(error)")
        })
        _ = try? factory.resolve(DragonQuest.self)
    }
}

extension DocumentationExampleTests {
    @Test func theFailureLoggingExamplePrintsTheFailedResolution() throws {
        let lines = Locked<[String]>([])
        try FailureLoggingExample.run { line in lines.withLock { $0.append(line) } }
        let printed = lines.withLock { $0 }
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("[di] noDefinitionForType: Cannot resolve DragonQuest: no definition declares this type.") == true)
    }
}
