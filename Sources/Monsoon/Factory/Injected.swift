import Foundation

/// A property resolved from the default factory the first time it is read (Pilgrim's and Factory's
/// property injection), for types a factory does not build: view controllers made by a storyboard, SwiftUI
/// views, entry points.
///
/// ```swift
/// final class ForecastViewController {
///     @Injected var client: WeatherClient?                        // by type
///     @Injected(QuestAssembly.knight) var knight: Knight?         // by method reference
///     @Injected(named: "staging") var backend: (any Backend)?     // a module's named binding
/// }
///
/// try BlockComponentFactory(assemblies: [AppAssembly()]).makeDefault()
/// if let client = controller.client { … }
/// if case .failure(let error) = controller.$client { log(error) }   // why it is nil
/// ```
///
/// The property is optional because reading it cannot throw: instead of crashing when there is no
/// default factory or the component fails to build (as Pilgrim and Factory do), it is `nil`, and its
/// projected value (`$client`) is the `Result`, whose failure is the ``ResolutionError`` saying why
/// (`ErrorKind.noDefaultFactory` when no factory was made the default). A failure is not
/// remembered: the next read tries again, so a property read before the app made its factory the
/// default resolves once it has. A success is kept: the property then always returns the same
/// component, whatever its scope. Safe to read from several threads.
@propertyWrapper
public struct Injected<Component> {
    private let storage: Storage

    /// Resolves the unique definition that declares `Component`.
    ///
    /// - Parameters:
    ///   - factory: the factory to resolve from; the default factory when `nil`.
    ///   - fileID: where the property is declared, with `line`, which an error names when there is no
    ///     default factory; leave it to its default.
    ///   - line: see `fileID`.
    public init(from factory: BlockComponentFactory? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = Storage(factory, declared: (fileID, line)) { factory throws(ResolutionError) in try factory.resolve(Component.self) }
    }

    /// Resolves an assembly method, like `QuestAssembly.knight`; the other parameters are those of
    /// ``init(from:fileID:line:)``.
    public init<A: Assembly>(
        _ method: @escaping (A) -> () -> Definition<Component>, from factory: BlockComponentFactory? = nil,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        storage = Storage(factory, declared: (fileID, line)) { factory throws(ResolutionError) in try factory.resolve(method) }
    }

    /// Resolves the module binding named `name` that binds `Component`; the other parameters are those
    /// of ``init(from:fileID:line:)``.
    public init(named name: String, from factory: BlockComponentFactory? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = Storage(factory, declared: (fileID, line)) { factory throws(ResolutionError) in try factory.resolve(Component.self, named: name) }
    }

    /// The component, or `nil` when it cannot be resolved; `$property` says why.
    public var wrappedValue: Component? { try? storage.result.get() }

    /// The outcome of resolving the property: the component, or the error that made it `nil`.
    public var projectedValue: Result<Component, ResolutionError> { storage.result }

    private final class Storage: @unchecked Sendable {
        // Unchecked: the closure only captures the (Sendable) factory, method reference or name given to
        // the initializer, and `resolved` is a `Locked`.
        private let factory: BlockComponentFactory?
        /// Where the property is declared: a property wrapper is never told its property's name.
        private let declared: (fileID: StaticString, line: UInt)
        private let resolve: (BlockComponentFactory) throws(ResolutionError) -> Component
        private let resolved = Locked<Component?>(nil)

        init(
            _ factory: BlockComponentFactory?, declared: (fileID: StaticString, line: UInt),
            _ resolve: @escaping (BlockComponentFactory) throws(ResolutionError) -> Component
        ) {
            self.factory = factory
            self.declared = declared
            self.resolve = resolve
        }

        /// Resolves outside the lock, so that a component whose initializer reads this property again
        /// ends in a typed error (a cycle, or the depth limit) instead of deadlocking; when two threads resolve at once, the first
        /// component stored is the one every read returns.
        var result: Result<Component, ResolutionError> {
            if let known = resolved.current { return .success(known) }
            do throws(ResolutionError) {
                let target: BlockComponentFactory
                if let factory {
                    target = factory
                } else {
                    target = try BlockComponentFactory.requireDefault(reader: reader, passing: "pass the factory in (@Injected(from: factory))")
                }
                let component = try resolve(target)
                return .success(resolved.withLock { stored in
                    if let stored { return stored }
                    stored = component
                    return component
                })
            } catch {
                return .failure(error)
            }
        }

        /// The property, as the error of a missing default factory names it: `the @Injected Knight? property at App/KnightView.swift:8`.
        private var reader: String {
            let component = typeName(Component.self)
            let optional = component.contains(" ") ? "(\(component))?" : component + "?"
            return "the @Injected \(optional) property at \(declared.fileID):\(declared.line)"
        }
    }
}

extension Injected: Sendable where Component: Sendable {}
