import Monsoon
import XCTest

/// Fails the test at the caller unless the factory's graph validates without errors.
public func XCTAssertValidGraph(
    _ factory: BlockComponentFactory, allowingWarnings: Bool = true, file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = MonsoonCheck.validGraph(factory, allowingWarnings: allowingWarnings) {
        XCTFail(failure, file: file, line: line)
    }
}

/// Resolves with `resolve`, failing the test at the caller (with the resolution error) if it throws.
@discardableResult
public func XCTAssertResolves<T>(
    file: StaticString = #filePath, line: UInt = #line, _ resolve: () throws -> T
) -> T? {
    let (value, failure) = MonsoonCheck.resolves(resolve)
    if let failure { XCTFail(failure, file: file, line: line) }
    return value
}

/// Fails the test at the caller unless `resolve` throws a ``ResolutionError`` of `kind`.
public func XCTAssertResolutionError<T>(
    _ kind: ErrorKind, containing message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line, _ resolve: () throws -> T
) {
    if let failure = MonsoonCheck.throwsResolutionError(kind, containing: message, resolve) {
        XCTFail(failure, file: file, line: line)
    }
}

/// Awaits `resolve`, failing the test at the caller (with the resolution error) if it throws: the form
/// for async components.
@discardableResult
nonisolated(nonsending)
public func XCTAssertResolves<T>(
    file: StaticString = #filePath, line: UInt = #line, _ resolve: () async throws -> T
) async -> T? {
    let (value, failure) = await MonsoonCheck.resolves(resolve)
    if let failure { XCTFail(failure, file: file, line: line) }
    return value
}

/// Fails the test at the caller unless awaiting `resolve` throws a ``ResolutionError`` of `kind`.
nonisolated(nonsending)
public func XCTAssertResolutionError<T>(
    _ kind: ErrorKind, containing message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line, _ resolve: () async throws -> T
) async {
    if let failure = await MonsoonCheck.throwsResolutionError(kind, containing: message, resolve) {
        XCTFail(failure, file: file, line: line)
    }
}

extension XCTestCase {
    /// Replaces an assembly method's definition with `double` for the rest of this test; restored
    /// automatically when the test ends.
    ///
    /// ```swift
    /// try patch(factory, QuestAssembly.quest) { FakeQuest() as any Quest }
    /// ```
    public func patch<A: Assembly, T>(
        _ factory: BlockComponentFactory, _ method: (A) -> () -> Definition<T>, with double: @escaping @Sendable () -> T
    ) throws {
        let patch = try factory.patch(method, with: double)
        addTeardownBlock { patch.restore() }
    }

    /// Replaces an assembly method's definition with a double built on the main actor for the rest of
    /// this test: `try patch(factory, WeatherAssembly.weather) { @MainActor in FakeWeather() as any Weather }`.
    public func patch<A: Assembly, T>(
        _ factory: BlockComponentFactory, _ method: (A) -> () -> Definition<T>,
        with double: sending @escaping @MainActor @Sendable () -> T
    ) throws {
        let patch = try factory.patch(method, with: double)
        addTeardownBlock { patch.restore() }
    }
}
