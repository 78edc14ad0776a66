import Foundation
import Monsoon
import Testing

/// The factory of the running test, provided by the ``Testing/Trait/monsoonFactory(_:replacing:configuration:)``
/// trait. Each test — and each case of a parameterized test — gets its own, so tests running in
/// parallel never share instances or patches.
public enum TestFactory: Sendable {
    /// The factory the trait made for the running test, or `nil` outside a test that uses the trait.
    @TaskLocal public static var current: BlockComponentFactory?

    /// The running test's factory.
    ///
    /// - Throws: when the test has no `.monsoonFactory` trait, with an issue at the caller.
    public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> BlockComponentFactory {
        try #require(current, "This test has no factory: add the .monsoonFactory { … } trait to it or its suite.",
                     sourceLocation: sourceLocation)
    }
}

/// A Swift Testing trait that gives each test a fresh factory, reachable as ``TestFactory/current`` and
/// as the test's default factory (`BlockComponentFactory.requireDefault()`, `@Injected` properties), so
/// that tests running in parallel never share the process-wide default.
///
/// ```swift
/// @Suite(.monsoonFactory { [QuestAssembly()] })
/// struct KnightTests {
///     @Test func knightsHaveQuests() throws {
///         let factory = try TestFactory.require()
///         #expect(try factory.resolve(QuestAssembly.knight).quest is HolyGrailQuest)
///     }
/// }
/// ```
///
/// Each test's factory is made on the main actor, as an app makes its factory at launch: an eager
/// singleton of a main-actor type is built there, and the trait's arguments (the assemblies, a
/// manifest URL, a configuration) are evaluated there too, so they may read the app's main-actor
/// values and may throw. The test itself runs where it would without the trait.
public struct MonsoonFactoryTrait: TestTrait, SuiteTrait, TestScoping {
    /// Makes the factory of one test case, on the main actor.
    let makeFactory: @MainActor @Sendable () throws -> BlockComponentFactory

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite trait is asked for the suite too; only test cases get factories.
        guard testCase != nil || !test.isSuite else { return try await function() }
        let factory = try await MainActor.run { try makeFactory() }
        try await TestFactory.$current.withValue(factory) {
            try await withDefaultFactory(factory) { try await function() }
        }
    }
}

extension Trait where Self == MonsoonFactoryTrait {
    /// Gives each test a fresh factory activated from the assemblies `assemblies` returns, with
    /// `replacing`'s assemblies swapped in for the ones they subclass, and `configuration` for
    /// `.config("key")` injections.
    ///
    /// ```swift
    /// @Suite(.monsoonFactory({ [CoreAssembly(), ServiceAssembly()] }, replacing: { [OfflineServiceAssembly()] },
    ///                        configuration: try Configuration(json: Data(#"{"retries": 0}"#.utf8), name: "test.json")))
    /// ```
    ///
    /// Every argument is evaluated on the main actor for each test, when its factory is made: each may
    /// read the app's main-actor values, and `configuration` may throw (the test then fails with the
    /// error).
    public static func monsoonFactory(
        _ assemblies: @escaping @MainActor @Sendable () -> [Assembly],
        replacing: @escaping @MainActor @Sendable () -> [Assembly] = { [] },
        configuration: @autoclosure @escaping @MainActor @Sendable () throws -> Configuration = .empty
    ) -> Self {
        MonsoonFactoryTrait {
            try BlockComponentFactory.forTesting(assemblies(), replacing: replacing(), configuration: configuration())
        }
    }

    /// Gives each test a fresh factory started from the app's own manifest (its assemblies and
    /// configuration files for `environment`), with `replacing`'s assemblies swapped in for the ones they
    /// subclass and `configuration` merged over the manifest's.
    ///
    /// ```swift
    /// @Suite(.monsoonFactory(manifest: try #require(ForecastApp.manifestURL), environment: "offline"))
    /// struct OfflineForecastTests { … }
    /// ```
    ///
    /// Every argument is evaluated on the main actor for each test, when its factory is made: `manifest`
    /// may be a main-actor static property of the app, and it and `configuration` may throw (the test
    /// then fails with the error).
    public static func monsoonFactory(
        manifest: @autoclosure @escaping @MainActor @Sendable () throws -> URL,
        environment: @autoclosure @escaping @MainActor @Sendable () -> String? = nil,
        replacing: @escaping @MainActor @Sendable () -> [Assembly] = { [] },
        configuration: @autoclosure @escaping @MainActor @Sendable () throws -> Configuration = .empty
    ) -> Self {
        MonsoonFactoryTrait {
            try BlockComponentFactory.forTesting(
                manifest: manifest(), environment: environment(), replacing: replacing(), configuration: configuration())
        }
    }
}
