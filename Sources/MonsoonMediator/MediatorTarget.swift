/// A component that answers to a target name and offers actions by name (CTMediator's `Target_X` with
/// its `Action_y:` methods). Declare it in any assembly; a ``Mediator`` finds it among the factory's
/// definitions without being told, and builds it (in its definition's scope) on the first call.
///
/// ```swift
/// final class OrdersTarget: MediatorTarget {
///     static let targetName = "Orders"
///     static var actions: [MediatorAction<OrdersTarget>] {
///         [MediatorAction("detail") { target, parameters in try target.detail(id: parameters.value("id", as: Int.self)) }]
///     }
///     let store: OrderStore
///     init(store: OrderStore) { self.store = store }
///     func detail(id: Int) throws -> OrderDetail { … }
/// }
/// ```
public protocol MediatorTarget: SendableMetatype {
    /// The name callers use: `mediator.perform(target: "Orders", …)`.
    static var targetName: String { get }
    /// What the target can do, by name.
    static var actions: [MediatorAction<Self>] { get }
}

/// One action of a ``MediatorTarget``: a name and what it does with the target and the parameters.
public struct MediatorAction<Target>: Sendable {
    /// The name callers use: `mediator.perform(…, action: "detail")`.
    public let name: String
    let perform: @Sendable (Target, MediatorParameters) throws -> Any

    /// An action named `name`.
    ///
    /// - Parameter perform: reads what it needs from the parameters (a missing or mistyped one throws
    ///   a ``MediatorError`` naming it) and returns the action's result.
    public init(_ name: String, _ perform: @escaping @Sendable (Target, MediatorParameters) throws -> Any) {
        self.name = name
        self.perform = perform
    }
}
