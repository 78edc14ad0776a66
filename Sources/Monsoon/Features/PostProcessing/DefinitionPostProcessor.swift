/// Sees every registered definition during activation, before anything is built, and may change it:
/// set its scope or replace it with another definition of the same type. Post-processors run by
/// ``order`` (lowest first); those of equal order run as given to the factory, then as the activated
/// assemblies declare them (``Assembly/definitionPostProcessors``), each seeing the previous one's result.
///
/// ```swift
/// struct EverythingLazy: DefinitionPostProcessor {
///     func process(_ definition: inout RegisteredDefinition) throws {
///         if definition.scope == .singleton { definition.scope = .lazySingleton }
///     }
/// }
/// let factory = try BlockComponentFactory(assemblies: [AppAssembly()], definitionPostProcessors: [EverythingLazy()])
/// ```
public protocol DefinitionPostProcessor: Sendable {
    /// Inspects and optionally changes one definition. Throwing fails activation with the error in the
    /// report.
    func process(_ definition: inout RegisteredDefinition) throws

    /// When this post-processor runs relative to the others: lowest first. The default is 0.
    var order: Int { get }
}

extension DefinitionPostProcessor {
    public var order: Int { 0 }
}

/// A definition as a ``DefinitionPostProcessor`` sees it.
public struct RegisteredDefinition: Sendable {
    /// The definition's key, like `QuestAssembly.knight()`.
    public let key: String
    /// The definition, after any earlier post-processor's changes.
    var definition: AnyDefinition
    /// Finds a parent's definition as it stands (`nil` when none is registered): what lets a child list
    /// and rewrite the injections it inherits. Called only when a post-processor asks.
    let parentLookup: @Sendable (DefinitionReference) -> AnyDefinition?

    /// What can be known about the definition as it stands: its type, location, whether it is abstract
    /// and has closure injections. Its `scope` is the declared one, or `objectGraph` when it declares
    /// none (the parent's, if any, is applied after post-processing).
    public var info: DefinitionInfo { DefinitionInfo(key: key, definition: definition, scope: definition.declaredScope ?? .objectGraph) }

    init(key: String, definition: AnyDefinition, parentLookup: @escaping @Sendable (DefinitionReference) -> AnyDefinition? = { _ in nil }) {
        self.key = key
        self.definition = definition
        self.parentLookup = parentLookup
    }

    /// The definition's declared scope (`nil`: the default, or its parent's); settable.
    public var scope: Scope? {
        get { definition.declaredScope }
        set { definition.declaredScope = newValue }
    }

    /// Replaces what the definition builds, keeping its key and identity so that every reference to it
    /// reaches the replacement.
    ///
    /// - Throws: ``DefinitionRewriteError`` when `replacement` declares another type.
    public mutating func replace<T>(with replacement: Definition<T>) throws(DefinitionRewriteError) {
        guard T.self == definition.declaredType else {
            throw .replacement(of: key, expected: typeName(definition.declaredType), found: typeName(T.self))
        }
        var erased = replacement.erased
        erased.adopt(identityOf: definition)
        definition = erased
    }
}

/// A definition post-processor's failure, with the processor's name.
struct DefinitionPostProcessingFailure: Error {
    let processor: String
    let underlying: any Error
}

extension [any DefinitionPostProcessor] {
    /// Runs every post-processor on `definition`, in order; `parentLookup` finds its parents.
    func process(
        _ definition: AnyDefinition, key: String, parentLookup: @escaping @Sendable (DefinitionReference) -> AnyDefinition?
    ) throws(DefinitionPostProcessingFailure) -> AnyDefinition {
        var registered = RegisteredDefinition(key: key, definition: definition, parentLookup: parentLookup)
        for processor in self {
            do {
                try processor.process(&registered)
            } catch {
                throw DefinitionPostProcessingFailure(processor: typeName(type(of: processor)), underlying: error)
            }
        }
        return registered.definition
    }
}
