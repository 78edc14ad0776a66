/// An error user code threw while a property or method injection ran, with the injection: carried to
/// where the build's failure becomes `ErrorKind.componentFailed`, which unwraps it, so that
/// the message names the property while `underlyingError` stays what the user threw.
@usableFromInline
struct FailedInjection: Error {
    /// The injection, as messages name it: `property \\Car.engine of CarAssembly.car()`.
    let site: String
    let underlying: any Error

    @usableFromInline
    init(site: String, underlying: any Error) {
        self.site = site
        self.underlying = underlying
    }
}

/// Which injection of a component a build is running, for messages.
@usableFromInline
enum InjectionStep: Sendable {
    case property(AnyKeyPath & Sendable)
    /// By index among the component's injected methods, inherited ones first.
    case method(Int)

    /// `property \Car.engine of CarAssembly.car()`: made only when an injection fails.
    @usableFromInline
    func description(in entry: RegistryEntry) -> String {
        switch self {
        case .property(let keyPath): "\(InjectionSite.property(keyPath)) of \(entry.key)"
        case .method(let index): "injected method \(index) of \(entry.key)"
        }
    }
}
