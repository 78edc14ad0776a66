import Foundation
import Monsoon

// The app's services, written as app code is in a module whose default isolation is the main actor:
// every type here is main-actor isolated, the protocols are neither `Sendable` nor isolated, and nothing
// carries an annotation.

/// The `harbor` section of harbor.json, one component decoded whole. Its `Decodable` conformance is
/// main-actor isolated, as every conformance in this module: the factory decodes it on the main actor,
/// where the components injected with it are built (Docs/Configuration.md).
struct HarborSettings: Decodable, Equatable {
    var apiURL: URL
    var retries: Int
    var units: String
}

/// The network, behind the app's own protocol.
protocol HTTPClient: AnyObject {
    func get(_ path: String) async throws -> Data
}

/// Where messages go.
protocol Logger: AnyObject {
    var lines: [String] { get }
    func log(_ message: String)
}

/// Tide heights for a harbor.
protocol TideProvider: AnyObject {
    func tides(at harbor: String) async throws -> [Double]
}

/// Reports kept for later.
protocol ReportStore: AnyObject {
    func save(_ report: HarborReport)
    func report(for harbor: String) -> HarborReport?
}

/// A bundled stand-in for the network: heights derived from the harbor's name.
final class BundledHTTPClient: HTTPClient {
    let settings: HarborSettings

    init(settings: HarborSettings) { self.settings = settings }

    func get(_ path: String) async throws -> Data {
        let harbor = path.split(separator: "/").last.map(String.init) ?? ""
        return try JSONEncoder().encode(harbor.unicodeScalars.prefix(4).map { Double($0.value % 7) / 2 })
    }
}

final class MemoryLogger: Logger {
    private(set) var lines: [String] = []
    func log(_ message: String) { lines.append(message) }
}

/// Tides without a network, for tests and previews: the tide service's declared double. It records
/// the harbors asked for.
final class RecordedTides: TideProvider {
    private(set) var asked: [String] = []
    func tides(at harbor: String) async throws -> [Double] {
        asked.append(harbor)
        return [1.5, 4.25]
    }
}

/// Paths of the tide API.
struct Endpoints {
    let base: String
    init(settings: HarborSettings) { base = settings.apiURL.path }
    func tides(at harbor: String) -> String { "\(base)/tides/\(harbor)" }
}

/// Not `Sendable`, as a decoder usually is not.
final class TideDecoder {
    private let decoder = JSONDecoder()
    func heights(from data: Data) throws -> [Double] { try decoder.decode([Double].self, from: data) }
}

/// A main-actor `init(…) async throws` whose arguments are not `Sendable`.
final class TideService: TideProvider {
    private let http: any HTTPClient
    private let endpoints: Endpoints
    private let decoder: TideDecoder

    init(http: any HTTPClient, endpoints: Endpoints, decoder: TideDecoder, logger: any Logger) async throws {
        self.http = http
        self.endpoints = endpoints
        self.decoder = decoder
        _ = try await http.get(endpoints.tides(at: "health"))
        logger.log("tide service ready")
    }

    func tides(at harbor: String) async throws -> [Double] {
        try decoder.heights(from: try await http.get(endpoints.tides(at: harbor)))
    }
}

/// The local store, opened asynchronously: an eager singleton that `factory.start()` builds.
final class TideDatabase {
    let path: String
    fileprivate var reports: [String: HarborReport] = [:]

    init(path: String, logger: any Logger) async throws {
        await Task.yield()
        self.path = path
        logger.log("opened \(path)")
    }
}

final class DatabaseReportStore: ReportStore {
    let database: TideDatabase
    init(database: TideDatabase) { self.database = database }
    func save(_ report: HarborReport) { database.reports[report.harbor] = report }
    func report(for harbor: String) -> HarborReport? { database.reports[harbor] }
}

/// Counts requests. Main-actor isolated, so it needs no lock.
final class RequestCounter {
    private(set) var count = 0
    func increment() -> Int {
        count += 1
        return count
    }
}

/// A session and its authenticator know each other: a property cycle.
final class Session {
    var authenticator: Authenticator?
}

final class Authenticator {
    weak var session: Session?
    let counter: RequestCounter
    init(counter: RequestCounter) { self.counter = counter }
}

/// The report for one harbor: a definition with a runtime argument and an async initializer.
struct HarborReport {
    let harbor: String
    let highWater: Double

    init(harbor: String, tides: any TideProvider) async throws {
        self.harbor = harbor
        highWater = try await tides.tides(at: harbor).max() ?? 0
    }
}

/// A link to a harbor's page: a synchronous definition with a runtime argument, for the router.
struct HarborLink {
    let harbor: String
    let path: String
    init(harbor: String, endpoints: Endpoints) {
        self.harbor = harbor
        path = endpoints.tides(at: harbor)
    }
}

/// The signed-in skipper's watch log: one per crew session, closed at sign-out.
final class WatchLog {
    let skipper: String
    private(set) var isClosed = false
    /// Printed once the watch is handed over: built on first use, from the session.
    let handover: Lazy<HandoverNote>
    init(skipper: String, handover: Lazy<HandoverNote>) {
        self.skipper = skipper
        self.handover = handover
    }
    func close() { isClosed = true }
}

/// A note for the next watch, written from the session's counter.
final class HandoverNote {
    let requests: Int
    init(counter: RequestCounter) { requests = counter.count }
}
