import Foundation

/// Finds assembly types by their module-qualified Swift name (`PocketForecast.CoreAssembly`), the way
/// Typhoon read class names from Info.plist.
package enum AssemblyTypeLookup {
    /// The type named `name`, or `nil`.
    package static func type(named name: String) -> Any.Type? {
        if let found = NSClassFromString(name) { return found }
        return _typeByName(name)
    }

    /// A loadable assembly type, or why `name` is not one.
    /// - Parameter place: where the name is in the manifest (`$.assemblies[1]`), for messages.
    /// - Parameter suggestions: the names to suggest when no type is named `name`, made only then.
    static func loadableAssembly(
        named name: String, place: String, manifest: String, suggestions: () -> [String]
    ) throws(ManifestError) -> any ManifestLoadable.Type {
        guard let type = type(named: name) else {
            let suggestions = suggestions()
            let hint = suggestions.isEmpty
                ? "Names are module-qualified, like MyApp.CoreAssembly, and the type must be a class linked into the program."
                : "Did you mean: \(suggestions.joined(separator: ", "))?"
            throw ManifestError(.unknownType, manifest: manifest, "\(place): no type is named \(name). \(hint)")
        }
        guard type is Assembly.Type else {
            throw ManifestError(.notAnAssembly, manifest: manifest, "\(place): \(name) is not an Assembly subclass.")
        }
        guard let loadable = type as? any ManifestLoadable.Type else {
            throw ManifestError(.notLoadable, manifest: manifest,
                                "\(place): \(name) is an Assembly but does not conform to ManifestLoadable, so it cannot be created by name. "
                                    + "Add `ManifestLoadable` to its declaration (it needs an init() without arguments).")
        }
        return loadable
    }

    /// Names to suggest for an unknown `name`: the name qualified with the modules of names that did
    /// resolve, when that resolves, and the nearest of the manifest's other names; never a name `listed`
    /// already (suggesting it would only make a duplicate).
    static func suggestions(for name: String, resolvedNames: [String], otherNames: some Sequence<String>, listed: Set<String>) -> [String] {
        let modules = Set(resolvedNames.compactMap { $0.split(separator: ".").first.map(String.init) })
        let unqualified = name.split(separator: ".").last.map(String.init) ?? name
        let qualified = modules.sorted().map { "\($0).\(unqualified)" }
            .filter { !listed.contains($0) && type(named: $0) is Assembly.Type }
        return qualified + nearestNames(to: name, among: otherNames.lazy.filter { $0 != name && !listed.contains($0) })
    }
}
