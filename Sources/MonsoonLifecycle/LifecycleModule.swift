import Monsoon

/// A feature module that a ``ModuleHost`` starts (BeeHive's modules): it brings the assemblies that
/// register its services in the factory, and receives the app's lifecycle events in priority order.
///
/// ```swift
/// public final class OrdersModule: LifecycleModule {
///     public init() {}
///     public var assemblies: [Assembly] { [OrdersAssembly()] }     // its services and mediator target
///     public func setUp(_ context: ModuleContext) throws {
///         try context.factory.resolve(Router.self).register("shop://orders/:id", to: OrdersAssembly.detail(id:))
///     }
/// }
/// ```
///
/// Every event has an empty default, so a module implements only the ones it needs.
public protocol LifecycleModule: AnyObject {
    /// Made by name from the manifest (`{"type": "ShopOrders.OrdersModule", "priority": 200}`).
    init()
    /// The assemblies with this module's services (protocol → implementation), activated with the
    /// app's: other modules reach them by type or through the mediator, never by importing this module.
    var assemblies: [Assembly] { get }
    /// First event, once the factory is activated: register routes, check the environment.
    func setUp(_ context: ModuleContext) throws
    /// After every module was set up (BeeHive's `modInit`).
    func initialize(_ context: ModuleContext) throws
    /// When the app shows its first screen.
    func splash(_ context: ModuleContext) throws
    /// When the app stops, in reverse priority order.
    func tearDown(_ context: ModuleContext) throws
    /// An app-defined event posted with ``ModuleHost/post(_:payload:)``.
    func handle(_ event: ModuleEvent, _ context: ModuleContext) throws
}

extension LifecycleModule {
    public var assemblies: [Assembly] { [] }
    public func setUp(_ context: ModuleContext) throws {}
    public func initialize(_ context: ModuleContext) throws {}
    public func splash(_ context: ModuleContext) throws {}
    public func tearDown(_ context: ModuleContext) throws {}
    public func handle(_ event: ModuleEvent, _ context: ModuleContext) throws {}
}

/// What a module receives with each event.
public struct ModuleContext: Sendable {
    /// The app's factory, with every module's services.
    public let factory: BlockComponentFactory
    /// The manifest environment the host was started with, if any.
    public let environment: String?
    /// The module's type name, for logs.
    public let module: String
}

/// An app-defined lifecycle event: a name and what comes with it.
public struct ModuleEvent: Sendable {
    /// The event's name, like `userDidSignIn`.
    public let name: String
    /// What the poster passed along.
    public let payload: [String: any Sendable]
}
