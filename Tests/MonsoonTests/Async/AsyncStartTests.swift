import Monsoon
import Testing

/// An eager singleton that opens the database, and one above it that is synchronous itself.
final class EagerStorageAssembly: Assembly {
    let log: BuildLog
    init(log: BuildLog) { self.log = log }

    override var definitions: [any ComponentDefinition] { [database(), cache(), clock()] }

    func database() -> Definition<AsyncDatabase> {
        define { Definition(AsyncDatabase.init(name:log:), .value("eager"), .value(log)).scope(.singleton) }
    }
    func cache() -> Definition<AsyncRepository> { define { Definition(AsyncRepository.init(database:), database()).scope(.singleton) } }
    func clock() -> Definition<BuildLog> { define { Definition { [log] in log }.scope(.singleton) } }
}

@Suite struct AsyncStartTests {
    let log = BuildLog()

    @Test func activationLeavesSingletonsThatAwaitToStartAndSaysSo() throws {
        let factory = try BlockComponentFactory(assemblies: [EagerStorageAssembly(log: log)])
        #expect(log.events.isEmpty)
        #expect(factory.activationReport.awaitingStart == ["EagerStorageAssembly.database()", "EagerStorageAssembly.cache()"])
        #expect(factory.activationReport.singletons.map(\.key) == ["EagerStorageAssembly.clock()"])
        #expect(factory.activationReport.description.contains("""
            Singletons that await, built by start():
              EagerStorageAssembly.database()
              EagerStorageAssembly.cache()
            """))
        let error = try #require(throws: ResolutionError.self) { try factory.resolve(AsyncRepository.self) }
        #expect(error.kind == .asyncRequired)
        #expect(error.path == ["EagerStorageAssembly.cache()", "EagerStorageAssembly.database()"])
    }

    @Test func startBuildsThemOnceAndTheReportShowsTheirTimes() async throws {
        let factory = try BlockComponentFactory(assemblies: [EagerStorageAssembly(log: log)])
        try await factory.start()
        #expect(log.count("open eager") == 1)
        let report = factory.activationReport
        #expect(report.awaitingStart.isEmpty)
        #expect(Set(report.singletons.map(\.key)) == [
            "EagerStorageAssembly.clock()", "EagerStorageAssembly.database()", "EagerStorageAssembly.cache()",
        ])
        // Built: synchronous resolutions use them from now on.
        let cache = try syncResolve(AsyncRepository.self, from: factory)
        #expect(cache.database === (try syncResolve(AsyncDatabase.self, from: factory)))
        try await factory.start()
        #expect(log.count("open eager") == 1, "a second start builds nothing")
    }

    @Test func beforeStartAnAsyncResolutionBuildsTheSingletonOnFirstUse() async throws {
        let factory = try BlockComponentFactory(assemblies: [EagerStorageAssembly(log: log)])
        let cache = try await factory.resolve(EagerStorageAssembly.cache)
        try await factory.start()
        #expect(try await factory.resolve(AsyncRepository.self) === cache)
        #expect(log.count("open eager") == 1)
    }

    @Test func validationNamesThePathToTheAsyncInitializer() throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log, scope: .lazySingleton)])
        let findings = factory.validate().findings.filter { $0.kind == .asyncRequired }
        #expect(findings.map(\.subject) == ["DatabaseAssembly.service()", "DatabaseAssembly.pair()", "DatabaseAssembly.repository()"])
        #expect(findings.first?.path == ["DatabaseAssembly.service()", "DatabaseAssembly.repository()", "DatabaseAssembly.database()"])
        #expect(findings.first?.description == """
            info: DatabaseAssembly.service() reaches DatabaseAssembly.database(), whose initializer is async \
            (DatabaseAssembly.service() → DatabaseAssembly.repository() → DatabaseAssembly.database()): \
            resolve it with `try await`; a synchronous resolution throws asyncRequired.
            """)
    }

    @Test func theReportMarksAsyncAndMainActorDefinitions() throws {
        let factory = try BlockComponentFactory(assemblies: [DatabaseAssembly(log: log)])
        let database = try #require(factory.definitions.first { $0.key == "DatabaseAssembly.database()" })
        #expect(database.isAsync)
        #expect(!database.isMainActor)
        #expect(factory.activationReport.description.contains("objectGraph  async AsyncDatabase"))
    }
}
