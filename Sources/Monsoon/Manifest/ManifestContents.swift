/// The assemblies and configuration a manifest lists for one environment, made but not yet activated.
package struct ManifestContents {
    /// The manifest's file name, for messages.
    package let name: String
    package let assemblies: [Assembly]
    package let configuration: Configuration
}
