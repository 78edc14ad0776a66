/// One activated definition: its key, effective scope, what it inherits and, for shared scopes, its
/// pool cell.
final class RegistryEntry: Sendable {
    let key: String
    let definition: AnyDefinition
    let scope: Scope
    let poolKey: PoolKey
    /// The merged steps of the parent chain, root first; `nil` without a parent.
    let inherited: InheritedSteps?
    /// The factory-wide pool slot for singleton, lazySingleton and weakSingleton components.
    let cell: SharedInstanceCell?

    init(key: String, definition: AnyDefinition, scope: Scope, inherited: InheritedSteps?) {
        self.key = key
        self.definition = definition
        self.scope = scope
        self.poolKey = PoolKey(identity: definition.identity, arguments: definition.arguments)
        self.inherited = inherited
        self.cell = scope.isShared ? SharedInstanceCell(holdsWeakly: scope == .weakSingleton) : nil
    }
}
