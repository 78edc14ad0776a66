/// An activated assembly as a component can hold it: Typhoon's "inject the assembly itself". Calling
/// its methods through ``resolve(_:)`` returns components, built by the factory that activated it, so a
/// component can make others later (a coordinator building screens on demand) without a string key.
///
/// ```swift
/// func coordinator() -> Definition<Coordinator> {
///     define { Definition(Coordinator.init(screens:), .assembly(ScreenAssembly.self)) }
/// }
///
/// final class Coordinator {
///     let screens: ActivatedAssembly<ScreenAssembly>
///     func showDetail() throws { let detail = try screens.resolve(ScreenAssembly.detail) … }
/// }
/// ```
///
/// When a subclass replaced the assembly at activation (`TestScreenAssembly`), the methods reach the
/// subclass's definitions, as every resolution by method reference does. It refers to its factory
/// weakly, so holding it never keeps the factory alive; once the factory is gone, resolving throws
/// `ErrorKind.factoryReleased`.
public struct ActivatedAssembly<A: Assembly>: Sendable {
    let factory: FactoryReference

    /// The type of the activated assembly answering to `A`: `A` itself, or the subclass that replaced
    /// it. `nil` once the factory is gone.
    public var activatedType: Assembly.Type? {
        guard let factory = try? factory.get(), let assembly = factory.assemblies.assembly(A.self) else { return nil }
        return type(of: assembly)
    }

    /// The component of one of the assembly's methods, like `ScreenAssembly.detail`.
    public func resolve<T>(_ method: (A) -> () -> Definition<T>) throws(ResolutionError) -> T {
        try factory.get().resolve(method)
    }

    /// The component of one of the assembly's parameterized methods, with its runtime arguments.
    public func resolve<T, each Argument>(
        _ method: (A) -> (repeat each Argument) -> Definition<T>, _ arguments: repeat each Argument
    ) throws(ResolutionError) -> T {
        try factory.get().resolve(method, repeat each arguments)
    }
}

extension Injectable {
    /// Injects the activated assembly answering to `type`, through which a component resolves that
    /// assembly's methods later; see ``ActivatedAssembly``.
    ///
    /// - Throws (when injected): `ErrorKind.assemblyNotActivated` when no activated
    ///   assembly is `type` or a subclass of it.
    public static func assembly<A: Assembly>(_ type: A.Type) -> Injection<ActivatedAssembly<A>> where Self == Injection<ActivatedAssembly<A>> {
        Injection(target: .opaque) { resolver in
            let context = try resolver.activeContext(typeName(type))
            guard context.factory.assemblies.assembly(A.self) != nil else {
                throw ResolutionError.assemblyNotActivated(A.self, activated: context.factory.assemblies.assemblyNames, path: context.path)
            }
            return ActivatedAssembly(factory: resolver.factory)
        }
    }
}
