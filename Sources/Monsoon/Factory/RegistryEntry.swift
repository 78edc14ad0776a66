/// One activated definition: its key, effective scope and, for shared scopes, its pool cell.
final class RegistryEntry: Sendable {
    let key: String
    let definition: AnyDefinition
    let scope: Scope
    /// The factory-wide pool slot for singleton, lazySingleton and weakSingleton components.
    let cell: SharedInstanceCell?

    init(key: String, definition: AnyDefinition, scope: Scope) {
        self.key = key
        self.definition = definition
        self.scope = scope
        self.cell = scope.isShared ? SharedInstanceCell(holdsWeakly: scope == .weakSingleton) : nil
    }
}
