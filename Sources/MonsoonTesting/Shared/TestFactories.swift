import Foundation
import Monsoon

extension BlockComponentFactory {
    /// A factory for one test: `assemblies`, with each of `replacing` taking the place of the assembly it
    /// subclasses (how tests swap a collaborator for a fake), and every activation problem surfaced.
    ///
    /// ```swift
    /// let factory = try BlockComponentFactory.forTesting(
    ///     [CoreAssembly(), ServiceAssembly()], replacing: [FakeNetworkAssembly()])
    /// ```
    ///
    /// References made through instances of the replaced classes reach the replacement too.
    public static func forTesting(
        _ assemblies: [Assembly], replacing replacements: [Assembly] = [], configuration: Configuration = .empty
    ) throws(ActivationError) -> BlockComponentFactory {
        var combined = assemblies
        for replacement in replacements {
            combined.removeAll { original in type(of: replacement) != type(of: original) && replacement.isKind(ofAssembly: type(of: original)) }
            combined.removeAll { type(of: $0) == type(of: replacement) }
            combined.append(replacement)
        }
        return try BlockComponentFactory(assemblies: combined, configuration: configuration)
    }

    /// A factory for one test started from the app's own manifest: the assemblies and configuration files
    /// it lists for `environment`, with `replacing`'s assemblies swapped in for the ones they subclass,
    /// and `configuration` merged over the manifest's (its values win).
    ///
    /// ```swift
    /// let factory = try BlockComponentFactory.forTesting(
    ///     manifest: appManifestURL, environment: "offline", replacing: [FakeNetworkAssembly()])
    /// ```
    ///
    /// - Throws: ``ManifestError`` for the manifest (its configuration files included), or
    ///   ``ActivationError``.
    public static func forTesting(
        manifest: URL, environment: String? = nil, replacing replacements: [Assembly] = [],
        configuration: Configuration = .empty
    ) throws -> BlockComponentFactory {
        let contents = try manifestContents(at: manifest, environment: environment)
        return try forTesting(contents.assemblies, replacing: replacements,
                              configuration: contents.configuration.overriding(with: configuration))
    }
}

extension Assembly {
    /// Whether this assembly is an instance of `type` or of a subclass of it.
    func isKind(ofAssembly type: Assembly.Type) -> Bool {
        ClassHierarchy.isSubclass(Swift.type(of: self), of: type)
    }
}
