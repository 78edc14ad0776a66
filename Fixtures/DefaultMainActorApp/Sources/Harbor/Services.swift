import Foundation

// Services: nonisolated, as an app marks the code it runs off the main actor. Everything else in this
// module is main-actor isolated by default.

/// Talks to the tide service; configured from the manifest's configuration.
nonisolated final class TideClient: Sendable {
    let baseURL: URL
    let retries: Int
    init(baseURL: URL, retries: Int) {
        self.baseURL = baseURL
        self.retries = retries
    }

    func tides(at harbor: String) -> [Double] {
        harbor.unicodeScalars.prefix(4).map { Double($0.value % 7) / 2 }
    }
}

/// The local store, opened asynchronously: an eager singleton that `factory.start()` builds.
nonisolated final class TideDatabase: Sendable {
    let path: String
    private init(path: String) { self.path = path }

    static func open(path: String) async throws -> TideDatabase {
        await Task.yield()
        return TideDatabase(path: path)
    }
}

/// Joins the client and the database.
nonisolated final class TideService: Sendable {
    let client: TideClient
    let database: TideDatabase
    init(client: TideClient, database: TideDatabase) {
        self.client = client
        self.database = database
    }

    func highWater(at harbor: String) -> Double { client.tides(at: harbor).max() ?? 0 }
}

/// Counts requests; shared, so it guards its state.
nonisolated final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int { lock.withLock { count += 1; return count } }
}

/// A session and its authenticator know each other: a property cycle.
nonisolated final class Session: @unchecked Sendable {
    var authenticator: Authenticator?
    init() {}
}

nonisolated final class Authenticator: @unchecked Sendable {
    weak var session: Session?
    let counter: RequestCounter
    init(counter: RequestCounter) { self.counter = counter }
}

/// The report for one harbor: a definition with a runtime argument.
nonisolated struct HarborReport: Sendable {
    let harbor: String
    let highWater: Double
    init(harbor: String, service: TideService) {
        self.harbor = harbor
        highWater = service.highWater(at: harbor)
    }
}
