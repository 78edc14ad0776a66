/// Collects a ``Module``'s bindings while its ``Module/configure(_:)`` runs. Each binding is identified
/// by where it is written, like a `define` call, and becomes a definition of the module.
public final class Binder {
    let module: Module.Type
    private(set) var bindings: [any ComponentDefinition] = []

    init(module: Module.Type) {
        self.module = module
    }

    /// Binds `instance` to `type` (its own type unless given): every resolution of the type returns this
    /// instance (Objection's `bind:toClass:` and `bind:toProtocol:`).
    ///
    /// - Parameters:
    ///   - instance: what every resolution of `type` returns.
    ///   - type: the type it is found by; its own type unless given.
    ///   - name: a name makes the binding found only by name, with `resolve(_:named:)`, and only as `type`.
    ///   - fileID: where the call is, with `line` and `column`: identifies the binding; leave it to its
    ///     default.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    @discardableResult
    public func bind<T>(
        _ instance: T, to type: T.Type = T.self, named name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Binder where T: Sendable {
        add(Definition(resolving: { _ in instance }, fileID: fileID, line: line, column: column).scope(.lazySingleton),
            name: name, fileID: fileID, line: line, column: column)
    }

    /// Binds `type` to a closure that builds its components (Objection's `bindBlock:toClass:`), in
    /// `scope` (a new component per resolution unless given). For Objection's `bindProvider:toClass:`,
    /// pass a `Sendable` provider's method: `binder.bind(Engine.self, engines.provide)`.
    @discardableResult
    public func bind<T>(
        _ type: T.Type, named name: String? = nil, scope: Scope = .prototype,
        fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ build: @escaping @Sendable (Resolver) throws -> T
    ) -> Binder {
        add(Definition(resolving: build, fileID: fileID, line: line, column: column).scope(scope),
            name: name, fileID: fileID, line: line, column: column)
    }

    /// Builds the component of `type` at activation (Objection's `registerEagerSingleton:`), whichever
    /// module or assembly binds it; bind it as a `.lazySingleton` so that the component built is the one
    /// shared. Failing to build it fails activation, naming this module.
    @discardableResult
    public func eagerSingleton<T>(
        _ type: T.Type, fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Binder {
        let eager = Definition<EagerSingleton>(resolving: { resolver in
            _ = try resolver.resolve(type)
            return EagerSingleton()
        }, fileID: fileID, line: line, column: column).scope(.singleton)
        return add(eager, name: EagerSingleton.namePrefix + "\(typeName(type)))", explicit: true, fileID: fileID, line: line, column: column)
    }

    private func add<T>(
        _ definition: Definition<T>, name: String?, explicit: Bool? = nil,
        fileID: StaticString, line: UInt, column: UInt
    ) -> Binder {
        // The name is part of a named binding's identity, so that bindings made in a loop from one call
        // site (`for n in … { binder.bind(T.self, named: "n\(n)") { … } }`) are distinct, as in Objection.
        let identity = DefinitionIdentity(fileID: fileID, line: line, column: column &+ (name.map(Self.stableHash) ?? 0) << 20,
                                          assembly: ObjectIdentifier(module))
        let declared = definition.declared(at: identity, arguments: .none, function: "bind", assemblyType: module).specialized()
        bindings.append(Binding(definition: declared.erased.bound(
            as: name ?? "bind(\(typeName(T.self)))", explicitly: explicit ?? (name != nil))))
        return self
    }
}

extension Binder {
    /// FNV-1a of the name: the same in every run (unlike `hashValue`), so identities are reproducible.
    static func stableHash(_ name: String) -> UInt {
        var hash: UInt = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

@available(*, unavailable, message: "A binder collects one module's bindings while configure(_:) runs.")
extension Binder: Sendable {}

/// One binding, as the definition activation registers.
private struct Binding: ComponentDefinition {
    let definition: AnyDefinition
    var erased: AnyDefinition { definition }
}

/// What an eager-singleton binding builds: a token, so that the binding never makes resolving the
/// type it builds ambiguous.
struct EagerSingleton: Sendable {
    /// How an eager-singleton binding's name starts: `eagerSingleton(Engine)`.
    static let namePrefix = "eagerSingleton("
}
