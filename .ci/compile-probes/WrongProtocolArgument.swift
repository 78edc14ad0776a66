// expect: failed to produce diagnostic for expression
import Monsoon

// A protocol-typed argument of the wrong protocol: Swift 6.3 gives no diagnostic for it, at any arity
// (a class of the wrong type is named; see InitializerArgumentType.swift). Pinned so that the day the
// compiler names it, this probe fails and Docs/CompileErrors.md is updated.
protocol Weather: Sendable {}
protocol Tides: Sendable {}
final class Forecast {
    init(weather: any Weather, horse: Horse) {}
}

final class ProbeAssembly: ProbeBase {
    func tides() -> Definition<any Tides> { define { Definition(resolving: { _ in throw ProbeError() }) } }
    func forecast() -> Definition<Forecast> { define { Definition(Forecast.init(weather:horse:), tides(), horse()) } }
}

struct ProbeError: Error {}
