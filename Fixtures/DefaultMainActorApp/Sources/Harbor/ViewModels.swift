import Foundation

// View models and their helpers: main-actor isolated, as everything is by default in this module.

/// Formats heights; configured by property injection.
final class HeightFormatter {
    var units = "metric"
    func format(_ metres: Double) -> String {
        units == "imperial" ? String(format: "%.1f ft", metres * 3.281) : String(format: "%.1f m", metres)
    }
}

/// One harbor's screen: built with a runtime argument, loaded asynchronously.
final class HarborViewModel {
    let harbor: String
    let tides: any TideProvider
    let formatter: HeightFormatter
    let store: any ReportStore
    private(set) var text = ""

    init(harbor: String, tides: any TideProvider, formatter: HeightFormatter, store: any ReportStore) {
        self.harbor = harbor
        self.tides = tides
        self.formatter = formatter
        self.store = store
    }

    /// Called by the definition's hook once everything is injected.
    func prepare() { text = "\(harbor): loading" }

    func load() async throws {
        let report = try await HarborReport(harbor: harbor, tides: tides)
        store.save(report)
        text = "\(harbor): high water \(formatter.format(report.highWater))"
    }
}

final class SettingsViewModel {
    let settings: HarborSettings
    private(set) var counter: RequestCounter?
    var title = ""
    init(settings: HarborSettings) { self.settings = settings }
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
    let logger: any Logger
    private(set) var started = false
    init(logger: any Logger) { self.logger = logger }
    func start() {
        started = true
        logger.log("coordinator started")
    }
}
