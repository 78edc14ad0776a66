import Monsoon
import Testing

/// Records an issue at the caller unless the factory's graph validates without errors.
///
/// ```swift
/// @Test func theGraphIsValid() throws { expectValidGraph(try TestFactory.require()) }
/// ```
public func expectValidGraph(
    _ factory: BlockComponentFactory, allowingWarnings: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) {
    if let failure = MonsoonCheck.validGraph(factory, allowingWarnings: allowingWarnings) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Resolves with `resolve`, recording an issue at the caller (with the resolution error) if it throws.
///
/// ```swift
/// let knight = expectResolves { try factory.resolve(QuestAssembly.knight) }
/// ```
@discardableResult
public func expectResolves<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ resolve: () throws -> T
) -> T? {
    let (value, failure) = MonsoonCheck.resolves(resolve)
    if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    return value
}

/// Records an issue at the caller unless `resolve` throws a ``ResolutionError`` of `kind` (whose
/// message contains `message`, when given).
///
/// ```swift
/// expectResolutionError(.initializerCycle) { try factory.resolve(CycleAssembly.chicken) }
/// ```
public func expectResolutionError<T>(
    _ kind: ErrorKind, containing message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ resolve: () throws -> T
) {
    if let failure = MonsoonCheck.throwsResolutionError(kind, containing: message, resolve) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Awaits `resolve`, recording an issue at the caller (with the resolution error) if it throws: the form
/// for async components.
///
/// ```swift
/// let database = await expectResolves { try await factory.resolve(StorageAssembly.database) }
/// ```
@discardableResult
nonisolated(nonsending)
public func expectResolves<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ resolve: () async throws -> T
) async -> T? {
    let (value, failure) = await MonsoonCheck.resolves(resolve)
    if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    return value
}

/// Records an issue at the caller unless awaiting `resolve` throws a ``ResolutionError`` of `kind`.
nonisolated(nonsending)
public func expectResolutionError<T>(
    _ kind: ErrorKind, containing message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ resolve: () async throws -> T
) async {
    if let failure = await MonsoonCheck.throwsResolutionError(kind, containing: message, resolve) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
