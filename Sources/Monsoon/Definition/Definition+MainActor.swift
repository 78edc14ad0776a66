import Dispatch
import Foundation

extension Definition where T: Sendable {
    /// A definition whose initializer is isolated to the main actor: a view, a view model, anything
    /// `@MainActor`. Its arguments are resolved like any others; the initializer is then called on the
    /// main actor, which the resolution must be running on.
    ///
    /// ```swift
    /// @MainActor final class ForecastViewModel {
    ///     init(client: WeatherClient) { … }
    /// }
    ///
    /// func viewModel() -> Definition<ForecastViewModel> {
    ///     define { Definition(mainActor: ForecastViewModel.init(client:), client()) }
    /// }
    ///
    /// @MainActor func showForecast() throws {
    ///     let model = try factory.resolve(AppAssembly.viewModel)
    /// }
    /// ```
    ///
    /// Resolved from any other thread, it throws `ResolutionError.Kind.mainActorRequired` instead of
    /// calling the initializer off the main actor (no `assumeIsolated` trap, no hop that would block).
    /// A main-actor class is `Sendable`, which is what lets the factory pool it and hand it back.
    /// Give it its dependencies through the initializer, as `Sendable` values (they are resolved before
    /// the call and handed to the main actor); property and method injections run where the resolution
    /// runs.
    ///
    /// - Parameters:
    ///   - initializer: the main-actor initializer or function that builds the component.
    ///   - arguments: one injection per parameter, as for the other initializer forms.
    ///   - fileID: where the call is, with `line` and `column`: identifies the definition; leave it to its
    ///     default.
    ///   - function: the calling method's name, for the definition's key; leave it to its default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    @inlinable
    public init<each Source: Injectable>(
        mainActor initializer: @escaping @MainActor @Sendable (repeat (each Source).Value) -> T,
        _ arguments: repeat each Source,
        fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) where repeat (each Source).Value: Sendable {
        let pack = InjectionPack(repeat each arguments)
        let make: @Sendable (Resolver) throws -> T = { resolver in
            guard MainActorCall.isMainActor else { throw MainActorRequired(component: T.self) }
            return try pack.call({ (values: repeat (each Source).Value) throws -> T in
                try MainActorCall.run { initializer(repeat each values) }
            }, resolver: resolver)
        }
        let recipe = Recipe<T>(initializer: Initializer(dependencies: pack.targets, make: make))
        self.init(recipe: recipe, fileID: fileID, function: function, line: line, column: column)
    }
}

/// What a main-actor definition's build throws off the main thread; the engine turns it into
/// `ResolutionError.Kind.mainActorRequired` with the definition's key and path.
@usableFromInline
struct MainActorRequired: Error {
    @usableFromInline let component: Any.Type

    @usableFromInline
    init(component: Any.Type) {
        self.component = component
    }
}

/// Runs main-actor code from a synchronous build, after checking without trapping that it runs there.
@usableFromInline
enum MainActorCall: Sendable {
    /// Marks the main queue, which the main actor's jobs run on: where `dispatchMain()` has retired the
    /// main thread (Linux, command-line tools), they run on another thread that is running that queue.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling code is on the main actor: on the main thread, or running the main queue.
    @usableFromInline
    static var isMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    @usableFromInline
    static func run<T: Sendable>(_ body: @MainActor () -> T) throws -> T {
        // Checked by the caller; checked again, because assumeIsolated stops the process when wrong.
        guard isMainActor else { throw MainActorRequired(component: T.self) }
        return MainActor.assumeIsolated(body)
    }
}
