import Monsoon

extension BlockComponentFactory {
    /// Runs `body` with an assembly method's definition replaced by `double`, restoring it afterwards
    /// even when `body` throws.
    ///
    /// ```swift
    /// try factory.withPatch(QuestAssembly.quest, { FakeQuest() as any Quest }) {
    ///     #expect(try factory.resolve(QuestAssembly.knight).quest is FakeQuest)
    /// }
    /// ```
    public func withPatch<A: Assembly, T>(
        _ method: (A) -> () -> Definition<T>, _ double: @escaping @Sendable () -> T, _ body: () throws -> Void
    ) throws {
        let patch = try patch(method, with: double)
        defer { patch.restore() }
        try body()
    }

    /// ``withPatch(_:_:_:)`` with a double built on the main actor, as a fake of a main-actor type is:
    /// `try factory.withPatch(WeatherAssembly.weather, { @MainActor in FakeWeather() as any Weather }) { … }`.
    public func withPatch<A: Assembly, T>(
        _ method: (A) -> () -> Definition<T>, _ double: sending @escaping @MainActor @Sendable () -> T, _ body: () throws -> Void
    ) throws {
        let patch = try patch(method, with: double)
        defer { patch.restore() }
        try body()
    }

    /// The async form of ``withPatch(_:_:_:)``, for async tests with a double built on the main actor.
    public func withPatch<A: Assembly, T>(
        _ method: (A) -> () -> Definition<T>, _ double: sending @escaping @MainActor @Sendable () -> T, _ body: () async throws -> Void
    ) async throws {
        let patch = try patch(method, with: double)
        defer { patch.restore() }
        try await body()
    }

    /// The async form of ``withPatch(_:_:_:)``, for async tests.
    public func withPatch<A: Assembly, T>(
        _ method: (A) -> () -> Definition<T>, _ double: @escaping @Sendable () -> T, _ body: () async throws -> Void
    ) async throws {
        let patch = try patch(method, with: double)
        defer { patch.restore() }
        try await body()
    }
}
