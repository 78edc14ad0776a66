import Monsoon

extension BlockComponentFactory {
    /// Installs one instance as what an assembly method's definition produces, whatever its scope, and
    /// returns it, so that a test can inspect the spy it installed.
    ///
    /// ```swift
    /// let spy = try factory.installDouble(QuestAssembly.quest) { SpyQuest() }
    /// _ = try factory.resolve(QuestAssembly.knight)
    /// #expect(spy.embarkations == 1)
    /// ```
    ///
    /// The double stays installed as long as the factory lives; a test's factory is its own (the
    /// `.monsoonFactory` trait, `forTesting`), so nothing needs restoring. To restore earlier, use
    /// ``withPatch(_:_:_:)`` or `patch(_:with:)`. The double need not be `Sendable`: it is handed to the
    /// thread that resolves, which in a test is the test's own; a test resolving it from several
    /// threads makes it thread-safe itself.
    ///
    /// - Throws: ``ResolutionError`` when the method's assembly was not activated or its definition is not
    ///   registered; whatever `make` throws.
    public func installDouble<A: Assembly, T>(_ method: (A) -> () -> Definition<T>, _ make: () throws -> T) throws -> T {
        let double = try make()
        let installed = UncheckedSendableBox(double)
        _ = try patch(method) { installed.value }
        return double
    }
}

/// A value handed across the `@Sendable` boundary of a patch without a check: see `installDouble`.
private struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
