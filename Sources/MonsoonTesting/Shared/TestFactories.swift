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
    /// References made through instances of the replaced classes reach the replacement too. A fake that
    /// is neither one of `assemblies` or their collaborators nor a subclass of one is refused with
    /// `ErrorKind.replacesNothing`: it would be added beside them, and the test would run against the
    /// real assemblies.
    ///
    /// The factory validates its graph at activation (see ``BlockComponentFactory/validate(buildingOpaqueDefinitions:)``),
    /// so a test fails at its first line on what the app would only meet when a component is first
    /// resolved: above all the problems of definitions declared with `define(_:_:)`, whose bodies
    /// activation does not run.
    ///
    /// The factory builds the test double each definition declares beside itself in place of the live
    /// component, and throws `ErrorKind.liveOnly` for a live-only definition with none (see
    /// ``Monsoon/Definition/testDouble(_:)``).
    ///
    /// - Parameters:
    ///   - validating: pass `false` for a test about a graph that does not validate.
    ///   - doubles: `.none` for a test of the live graph; `.previews` for a test of the preview factory.
    public static func forTesting(
        _ assemblies: [Assembly], replacing replacements: [Assembly] = [], configuration: Configuration = .empty,
        validating: Bool = true, doubles: Doubles = .tests
    ) throws(ActivationError) -> BlockComponentFactory {
        if let (fake, names) = try Collaborators.fakeReplacingNothing(replacements, among: assemblies.map { ($0, nil) }) {
            throw .replacesNothing(fake, couldReplace: names, call: "forTesting(_:replacing:)")
        }
        var combined = assemblies
        for replacement in replacements {
            combined.removeAll { Collaborators.stands(replacement, for: $0) }
            combined.append(replacement)
        }
        return try BlockComponentFactory(assemblies: combined, configuration: configuration, validating: validating, doubles: doubles)
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
    /// - Parameters:
    ///   - validating: as for the other form: pass `false` for a graph that does not validate.
    ///   - doubles: as for the other form: the declared test doubles, unless you pass another choice.
    /// - Throws: ``ManifestError`` for the manifest (its configuration files included), or
    ///   ``ActivationError``.
    public static func forTesting(
        manifest: URL, environment: String? = nil, replacing replacements: [Assembly] = [],
        configuration: Configuration = .empty, validating: Bool = true, doubles: Doubles = .tests
    ) throws -> BlockComponentFactory {
        let contents = try manifestContents(at: manifest, environment: environment)
        return try forTesting(contents.assemblies, replacing: replacements,
                              configuration: contents.configuration.overriding(with: configuration), validating: validating,
                              doubles: doubles)
    }
}
