/// An assembly that a manifest can name: it has an initializer without arguments.
///
/// ```swift
/// final class CoreAssembly: Assembly, ManifestLoadable { … }
/// ```
///
/// Swift can only create an instance from a type found by name when the type promises such an
/// initializer, and `Assembly` does not require one (subclasses often take collaborators in `init`).
public protocol ManifestLoadable: Assembly {
    /// Makes the assembly with no arguments, as the manifest loader does.
    init()
}
