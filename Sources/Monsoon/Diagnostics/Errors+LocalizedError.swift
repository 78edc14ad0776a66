import Foundation

// `error.localizedDescription`, the message most UIs and loggers show, is the full description; without
// `LocalizedError` Foundation reports "The operation could not be completed".

extension ResolutionError: LocalizedError {
    public var errorDescription: String? { description }
}

extension ActivationError: LocalizedError {
    public var errorDescription: String? { description }
}

extension ManifestError: LocalizedError {
    public var errorDescription: String? { description }
}

extension ConfigurationError: LocalizedError {
    public var errorDescription: String? { description }
}

extension DefinitionRewriteError: LocalizedError {
    public var errorDescription: String? { description }
}

extension ScopeResetError: LocalizedError {
    public var errorDescription: String? { description }
}

extension CloseError: LocalizedError {
    public var errorDescription: String? { description }
}
