import Monsoon
import Synchronization

/// A database that takes a while to open: the async component of these tests.
final class AsyncDatabase: Sendable {
    let serial: Int
    let name: String

    init(name: String, log: BuildLog) async throws {
        await Task.yield()
        log.record("open \(name)")
        serial = log.nextSerial()
        self.name = name
    }

    static func open(named name: String, log: BuildLog) async throws -> AsyncDatabase {
        try await AsyncDatabase(name: name, log: log)
    }
}

/// A synchronous component built from the async one.
final class AsyncRepository: Sendable {
    let database: AsyncDatabase
    init(database: AsyncDatabase) { self.database = database }
}

/// Two references to the same async component in one initializer: one objectGraph instance or two
/// prototypes.
final class AsyncPair: Sendable {
    let first: AsyncDatabase
    let second: AsyncDatabase
    init(first: AsyncDatabase, second: AsyncDatabase) {
        self.first = first
        self.second = second
    }
}

/// The service at the top: synchronous itself, two levels above the async database.
final class AsyncService: Sendable {
    let repository: AsyncRepository
    init(repository: AsyncRepository) { self.repository = repository }
}

final class DatabaseAssembly: Assembly {
    let log: BuildLog
    let scope: Scope

    init(log: BuildLog, scope: Scope = .objectGraph) {
        self.log = log
        self.scope = scope
    }

    override var definitions: [any ComponentDefinition] { [service(), pair()] }

    func database() -> Definition<AsyncDatabase> {
        define { Definition(AsyncDatabase.init(name:log:), .value("main"), .value(log)).scope(scope) }
    }
    func repository() -> Definition<AsyncRepository> { define { Definition(AsyncRepository.init(database:), database()) } }
    func service() -> Definition<AsyncService> { define { Definition(AsyncService.init(repository:), repository()) } }
    func pair() -> Definition<AsyncPair> { define { Definition(AsyncPair.init(first:second:), database(), database()) } }
}
