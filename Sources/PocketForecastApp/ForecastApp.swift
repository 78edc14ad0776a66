import Foundation
import Monsoon

/// The application: turns a city name into printed text.
public final class ForecastApp {
    let service: ForecastService
    let presenter: TextPresenter

    public init(service: ForecastService, presenter: TextPresenter) {
        self.service = service
        self.presenter = presenter
    }

    public func show(city: String) throws(PocketForecastError) -> String {
        presenter.render(try service.forecast(for: city))
    }
}

/// The `pocket-forecast` command: argument handling and exit codes, kept out of `main` so tests can run it.
public enum PocketForecastCommand {
    /// What the command prints and the status it exits with.
    public struct Outcome: Equatable {
        public let output: String
        public let error: String
        public let exitCode: Int32
    }

    static let usage = """
        usage: pocket-forecast [city] [--manifest path] [--environment name] [--report] [--graph [dot|mermaid]]
          city            the city to forecast (default: London)
          --manifest      start from another manifest file instead of the bundled one
          --environment   use a section of the manifest's environments
          --report        print the activation report before the forecast
          --graph         print the app's dependency graph (Graphviz DOT, or Mermaid) instead of a forecast
        """

    /// Runs the command with `arguments` (without the program name). The program makes its factory the
    /// process's default (`makeDefault`); tests, which share one process, leave the default alone.
    public static func run(arguments: [String], makeDefault: Bool = false) -> Outcome {
        var city = "London"
        var manifest: URL?
        var environment: String?
        var showReport = false
        var graphFormat: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return Outcome(output: usage, error: "", exitCode: 0)
            case "--report":
                showReport = true
            case "--graph":
                graphFormat = remaining.first == "mermaid" || remaining.first == "dot" ? remaining.popFirst() : "dot"
            case "--manifest", "--environment":
                guard let value = remaining.popFirst() else {
                    return Outcome(output: "", error: "\(argument) needs a value.\n\(usage)", exitCode: 64)
                }
                if argument == "--manifest" { manifest = URL(fileURLWithPath: value) } else { environment = value }
            default:
                if argument.hasPrefix("-") { return Outcome(output: "", error: "Unknown option \(argument).\n\(usage)", exitCode: 64) }
                city = argument
            }
        }
        do {
            let factory = try makeFactory(manifest: manifest, environment: environment)
            if makeDefault { factory.makeDefault() }
            if let graphFormat {
                let graph = factory.graph()
                return Outcome(output: graphFormat == "mermaid" ? graph.mermaid() : graph.dot(), error: "", exitCode: 0)
            }
            let app = try factory.resolve(PresentationAssembly.app)
            let text = try app.show(city: city)
            let report = showReport ? "\(factory.activationReport)\n\n" : ""
            return Outcome(output: report + text, error: "", exitCode: 0)
        } catch let error as PocketForecastError {
            return Outcome(output: "", error: error.description, exitCode: 1)
        } catch let error as ResolutionError where error.underlyingError is PocketForecastError {
            return Outcome(output: "", error: error.underlyingError.map { "\($0)" } ?? "\(error)", exitCode: 1)
        } catch {
            return Outcome(output: "", error: "\(error)", exitCode: 2)
        }
    }

    /// The factory, from the bundled manifest or the one at `manifest`.
    public static func makeFactory(manifest: URL? = nil, environment: String? = nil) throws(ManifestError) -> BlockComponentFactory {
        if let manifest { return try BlockComponentFactory(manifest: manifest, environment: environment) }
        return try BlockComponentFactory(manifestResource: "manifest", in: .module, environment: environment)
    }
}
