import Foundation

// View models and their helpers: main-actor isolated, as everything is by default in this module. No
// annotation anywhere.

/// Formats heights; not `Sendable` (a plain main-actor class would be; this one is a class the view
/// model owns, configured by property injection).
final class HeightFormatter {
    var units = "metric"
    func format(_ metres: Double) -> String {
        units == "imperial" ? String(format: "%.1f ft", metres * 3.281) : String(format: "%.1f m", metres)
    }
}

/// A main-actor cache above the async database, with an injected property.
final class ReportCache {
    let database: TideDatabase
    var capacity = 0
    private(set) var reports: [String: HarborReport] = [:]
    init(database: TideDatabase) { self.database = database }
    func store(_ report: HarborReport) { reports[report.harbor] = report }
}

final class HarborViewModel {
    let harbor: String
    let service: TideService
    let formatter: HeightFormatter
    private(set) var text = ""

    init(harbor: String, service: TideService, formatter: HeightFormatter) {
        self.harbor = harbor
        self.service = service
        self.formatter = formatter
    }

    func load() { text = "\(harbor): high water \(formatter.format(service.highWater(at: harbor)))" }
}

final class SettingsViewModel {
    private(set) var counter: RequestCounter?
    var title = ""
    func attach(_ counter: RequestCounter) { self.counter = counter }
}

/// The root of the screens and its coordinator refer to each other: a main-actor property cycle.
final class RootViewModel {
    weak var coordinator: AppCoordinator?
    let settings: SettingsViewModel
    init(settings: SettingsViewModel) { self.settings = settings }
}

final class AppCoordinator {
    var root: RootViewModel?
    let cache: ReportCache
    private(set) var started = false
    init(cache: ReportCache) { self.cache = cache }
    func start() { started = true }
}
