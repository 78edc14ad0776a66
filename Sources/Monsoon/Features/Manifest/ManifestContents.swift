/// The assemblies and configuration a manifest lists for one environment, made but not yet activated.
package struct ManifestContents {
    /// The manifest's file name, for messages.
    package let name: String
    package let assemblies: [Assembly]
    package let configuration: Configuration
    /// The lifecycle modules listed, base section first, for MonsoonLifecycle's `ModuleHost`.
    package let modules: [ManifestModule]
}
