import Monsoon
import Testing

@Suite struct TraceTests {
    @Test func aTraceShowsWhatWasBuiltAndWhatWasReusedFromWhichPool() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())])
        let (knight, trace) = try factory.trace { try factory.resolve(QuestAssembly.knight) }
        #expect(knight.damselsRescued == 12)
        #expect(trace.description == """
            QuestAssembly.knight()  built (objectGraph)
              QuestAssembly.quest()  built (objectGraph)
                QuestAssembly.logDefinition()  reused from the singleton pool
              QuestAssembly.horse()  built (prototype)
                QuestAssembly.logDefinition()  reused from the singleton pool
              QuestAssembly.logDefinition()  reused from the singleton pool
              QuestAssembly.armory()  built (objectGraph)
                QuestAssembly.logDefinition()  reused from the singleton pool
              QuestAssembly.horse()  built (prototype)
                QuestAssembly.logDefinition()  reused from the singleton pool
            """)
    }

    @Test func cyclesAndObjectGraphReuseAreTraced() throws {
        let factory = try BlockComponentFactory(assemblies: [CoopAssembly(log: BuildLog(), scope: .objectGraph)])
        let (_, trace) = try factory.trace { try factory.resolve(CoopAssembly.hen) }
        #expect(trace.description == """
            CoopAssembly.hen()  built (objectGraph)
              CoopAssembly.egg()  built (objectGraph)
                CoopAssembly.hen()  the instance being built (cycle)
            """)
    }

    @Test func withoutTracingNothingIsRecorded() throws {
        let factory = try BlockComponentFactory(assemblies: [QuestAssembly(log: BuildLog())])
        let (_, trace) = factory.trace { 0 }
        #expect(trace.roots.isEmpty)
    }
}
