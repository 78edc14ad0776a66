import Foundation

// `error.localizedDescription`, what most UIs and loggers show, is the full description; without
// `LocalizedError` Foundation reports "The operation could not be completed".
extension MediatorError: LocalizedError {
    public var errorDescription: String? { description }
}
