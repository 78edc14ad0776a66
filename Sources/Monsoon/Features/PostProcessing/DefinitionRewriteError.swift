/// Why a definition post-processor's change was refused: replacing a whole definition with one of
/// another type, or one of its injections with something the site cannot take (or a site it does not
/// have); or why a replaced argument failed when built.
public struct DefinitionRewriteError: Error, Sendable, CustomStringConvertible {
    /// What was being changed: the definition's key, or the injection site as
    /// ``InjectionSite/description`` says it.
    public let subject: String
    /// What is wrong with the change.
    public let problem: String
    public let description: String

    private init(subject: String, problem: String, description: String) {
        self.subject = subject
        self.problem = problem
        self.description = description
    }

    /// An injection at `site` (described) could not be replaced.
    init(site: String, problem: String) {
        self.init(subject: site, problem: problem, description: "Cannot inject \(site): \(problem).")
    }

    static func replacement(of key: String, expected: String, found: String) -> Self {
        Self(subject: key, problem: "it declares \(expected)",
             description: "\(key) declares \(expected); it cannot be replaced by a definition of \(found).")
    }

    static func noSuchSite(_ site: InjectionSite, sites: [InjectionSite]) -> Self {
        Self(site: site.description, problem: "the definition has no such injection; its sites are "
            + (sites.isEmpty ? "none" : sites.map(\.description).joined(separator: ", ")))
    }

    static func propertyType<V>(site: InjectionSite, _: V.Type) -> Self {
        Self(site: site.description, problem: "the property's type is neither \(typeName(V.self)) nor \(typeName(V?.self))")
    }

    static func mismatch(site: String, replacement: Any.Type, parameter: Any.Type) -> Self {
        Self(site: site, problem: "it was replaced by an injection of \(typeName(replacement)), and the parameter takes \(typeName(parameter))")
    }
}
