import Monsoon

/// Calls a target's action by name (CTMediator), so that a feature calls another without importing it:
///
/// ```swift
/// let detail = try mediator.perform(target: "Orders", action: "detail", parameters: ["id": 42])
/// ```
///
/// The targets are the factory's definitions whose type is a ``MediatorTarget``, found the first time
/// the mediator is used; a target is built by the factory (obeying its definition's scope) when one of
/// its actions is performed. Unknown names, missing or mistyped parameters and failures are typed
/// ``MediatorError``s with the nearest valid names.
///
/// Give callers compile-time safety with a typed layer over the names (CTMediator's categories):
///
/// ```swift
/// extension Mediator {
///     func orderDetail(id: Int) throws(MediatorError) -> OrderDetail {
///         try perform(target: "Orders", action: "detail", parameters: ["id": id], as: OrderDetail.self)
///     }
/// }
/// ```
///
/// A mediator holds its factory weakly, so the factory can build one as a component
/// (``MediatorAssembly``) without a reference cycle.
public final class Mediator: Sendable {
    private let factory: FactoryReference
    /// The targets, found once: every caller after the first reads them without searching again.
    private let directory = Locked<[String: TargetEntry]?>(nil)

    /// A mediator over the factory that injects `factory` (`.factory()`).
    public init(factory: FactoryReference) {
        self.factory = factory
    }

    /// The names of every target, sorted.
    public var targetNames: [String] {
        get throws(MediatorError) { try targets().keys.sorted() }
    }

    /// The names of `target`'s actions, in declaration order.
    public func actionNames(of target: String) throws(MediatorError) -> [String] {
        try entry(named: target).actionNames
    }

    /// Performs `action` of `target` with `parameters` and returns what the action returns.
    ///
    /// - Throws: ``MediatorError``: `MediatorError.Kind.unknownTarget`, `MediatorError.Kind.duplicateTarget`,
    ///   `MediatorError.Kind.unknownAction`, `MediatorError.Kind.callLoop`,
    ///   `MediatorError.Kind.missingParameter`, `MediatorError.Kind.wrongParameterType`,
    ///   `MediatorError.Kind.targetUnavailable` or `MediatorError.Kind.actionFailed`.
    @discardableResult
    public func perform(target: String, action: String, parameters: [String: any Sendable] = [:]) throws(MediatorError) -> Any {
        let call = "\(target).\(action)"
        return try PerformingActions.performing(call) { () throws(MediatorError) -> Any in
            try entry(named: target).perform(action, MediatorParameters(parameters, call: call), try liveFactory(target))
        }
    }

    /// Performs `action` of `target` and returns its result as `type`.
    ///
    /// - Throws: what ``perform(target:action:parameters:)`` throws, and
    ///   `MediatorError.Kind.wrongResultType` when the action returns something else.
    public func perform<Result>(
        target: String, action: String, parameters: [String: any Sendable] = [:], as type: Result.Type
    ) throws(MediatorError) -> Result {
        let result = try perform(target: target, action: action, parameters: parameters)
        guard let typed = result as? Result else {
            throw MediatorError(.wrongResultType, "\(target).\(action) returned \(typeName(Swift.type(of: result))), not \(typeName(type))")
        }
        return typed
    }

    private func liveFactory(_ target: String) throws(MediatorError) -> BlockComponentFactory {
        do {
            return try factory.get()
        } catch {
            throw MediatorError(.targetUnavailable, "\(target) cannot be reached: the factory that made this mediator is gone", underlyingError: error)
        }
    }

    private func entry(named name: String) throws(MediatorError) -> TargetEntry {
        let targets = try targets()
        guard let entry = targets[name] else {
            throw MediatorError(.unknownTarget, "No target is named \"\(name)\" (targets: \(targets.isEmpty ? "none" : targets.keys.sorted().joined(separator: ", ")))",
                                suggestions: nearestNames(to: name, among: Array(targets.keys)))
        }
        return entry
    }

    private func targets() throws(MediatorError) -> [String: TargetEntry] {
        if let known = directory.current { return known }
        let factory = try liveFactory("The targets")
        var found: [String: TargetEntry] = [:]
        for definition in factory.definitions {
            guard !definition.isAbstract, let targetType = definition.declaredType as? any MediatorTarget.Type else { continue }
            let key = definition.key
            let entry = TargetEntry(targetType, key: key)
            if let existing = found[entry.name] {
                throw MediatorError(.duplicateTarget, "Two definitions build the target \"\(entry.name)\": \(existing.key) and \(key); give one another targetName")
            }
            found[entry.name] = entry
        }
        return directory.withLock { known in
            if let known { return known }
            known = found
            return found
        }
    }
}

/// One target: its name, its definition's key, and its actions, typed where the target type is known.
struct TargetEntry: Sendable {
    let name: String
    let key: String
    let actionNames: [String]
    let perform: @Sendable (String, MediatorParameters, BlockComponentFactory) throws(MediatorError) -> Any

    init<Target: MediatorTarget>(_ type: Target.Type, key: String) {
        let name = Target.targetName
        let actions = Target.actions
        self.name = name
        self.key = key
        self.actionNames = actions.map(\.name)
        self.perform = { actionName, parameters, factory throws(MediatorError) in
            guard let action = actions.first(where: { $0.name == actionName }) else {
                throw MediatorError(.unknownAction, "The target \(name) has no action \"\(actionName)\" (actions: \(actions.map(\.name).joined(separator: ", ")))",
                                    suggestions: nearestNames(to: actionName, among: actions.map(\.name)))
            }
            let target: Target
            do {
                target = try factory.resolve(key: key, as: Target.self)
            } catch {
                throw MediatorError(.targetUnavailable, "The target \(name) (\(key)) could not be built: \(error)", underlyingError: error)
            }
            do {
                return try action.perform(target, parameters)
            } catch let error as MediatorError {
                throw error
            } catch {
                throw MediatorError(.actionFailed, "\(name).\(actionName) threw \(error)", underlyingError: error)
            }
        }
    }

    func perform(_ action: String, _ parameters: MediatorParameters, _ factory: BlockComponentFactory) throws(MediatorError) -> Any {
        try perform(action, parameters, factory)
    }
}
