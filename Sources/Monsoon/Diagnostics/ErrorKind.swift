/// What went wrong, for every error and finding Monsoon reports: ``ResolutionError/kind``,
/// ``ValidationReport/Finding/kind`` (the findings of a validation and the problems of an
/// ``ActivationError`` alike), ``ConfigurationError/kind`` and ``ManifestError/kind``. One vocabulary,
/// so that one situation has one name wherever it is found: an injection of an abstract definition is
/// `abstractDefinition` whether validation finds it before anything is built or a resolution meets it.
///
/// ```swift
/// do {
///     _ = try factory.resolve(ReportAssembly.exporter)
/// } catch let error as ResolutionError where error.kind == .asyncRequired {
///     _ = try await factory.resolve(ReportAssembly.exporter)
/// }
/// ```
///
/// Match with `==` or a `switch` that has a `default`: later versions add kinds.
public enum ErrorKind: String, Sendable {
    // MARK: Resolving
    /// No definition has the requested key.
    case unknownKey
    /// A definition whose initializer is isolated to the main actor was resolved synchronously from another
    /// thread.
    case mainActorRequired
    /// A synchronous resolution needed a component whose initializer is `async`: resolve with `try await`. The
    /// path ends at that component. Carried by ``ResolutionError`` and ``ValidationReport`` findings.
    case asyncRequired
    /// No definition declares the requested type. Carried by ``ResolutionError`` and ``ValidationReport``
    /// findings.
    case noDefinitionForType
    /// More than one definition declares the requested type. Carried by ``ResolutionError`` and
    /// ``ValidationReport`` findings.
    case ambiguousType
    /// An abstract definition was requested for building, or is injected where it can only be a parent.
    /// Carried by ``ResolutionError`` and ``ValidationReport`` findings.
    case abstractDefinition
    /// Two or more initializers need each other. Carried by ``ResolutionError`` and ``ValidationReport``
    /// findings.
    case initializerCycle
    /// The definition builds a type other than the one requested.
    case typeMismatch
    /// A definition was used that its assembly does not list in ``Assembly/definitions``. Carried by
    /// ``ResolutionError``, ``ActivationError`` and ``ValidationReport`` findings.
    case undeclaredDefinition
    /// A definition method of an assembly type that this factory did not activate was used.
    case assemblyNotActivated
    /// A weak singleton built something that cannot be held weakly. Carried by ``ResolutionError`` and
    /// ``ActivationError``.
    case weakSingletonOfValueType
    /// A ``Resolver`` was used outside the resolution that provided it.
    case resolverOutsideResolution
    /// Code the definition runs (initializer, injected method, closure) threw an error.
    case componentFailed
    /// A definition failed, when first needed, a check that activation runs on the definitions it
    /// evaluates (a reference to a definition no assembly lists, a configuration key, a parent, a property
    /// type, a weak singleton of a value type, an exposed type): the message is activation's. A definition
    /// declared with `define(_:_:)` is checked at its first use, and
    /// ``BlockComponentFactory/validate(buildingOpaqueDefinitions:)`` finds the same at start-up; a
    /// parameterized one (`define(arguments:)`) is checked each time it is resolved with new argument
    /// values, which nothing sees at start-up.
    case invalidDefinition
    /// A definition's parent is missing, incompatible, or part of a parent cycle. Carried by
    /// ``ResolutionError`` and ``ActivationError``.
    case invalidParent
    /// A definition with runtime arguments is scoped `singleton`, which is built at activation, before any
    /// arguments exist. Carried by ``ResolutionError`` and ``ValidationReport`` findings.
    case singletonWithArguments
    /// Runtime arguments passed by key do not match the definition's parameters.
    case argumentMismatch
    /// An instance post-processor returned something that is not the definition's type.
    case postProcessorMismatch
    /// A factory reference was used after its factory was released.
    case factoryReleased
    /// ``BlockComponentFactory/requireDefault()`` was called before any factory was made the default.
    case noDefaultFactory
    /// A configuration value is missing or does not convert; `underlyingError` is the ``ConfigurationError``.
    /// Carried by ``ResolutionError``, ``ActivationError`` and ``ManifestError``.
    case configuration
    /// Resolutions on different threads wait for each other's unfinished shared components.
    case concurrentCycle
    /// The resolution grew deeper than the factory's `maximumDepth`, or was about to run out of its
    /// thread's stack: a definition that refers to itself with new runtime arguments, or a chain of definitions
    /// too deep for the thread.
    case depthLimitExceeded
    /// Another thread did not finish building a shared component within the factory's `sharedBuildWait`:
    /// typically its initializer blocks on work that needs this thread's resolution.
    case sharedBuildTimedOut
    /// ``BlockComponentFactory/reset(_:)`` was given a built-in scope, which keeps what it pools for the
    /// factory's lifetime (or pools nothing). Carried by ``ScopeResetError``.
    case scopeNotResettable
    /// ``BlockComponentFactory/reset(_:)`` was called from inside a build (an initializer or hook).
    /// Carried by ``ScopeResetError``.
    case resetDuringResolution
    /// ``BlockComponentFactory/reset(_:)`` was given a scope no definition of the factory is in: a
    /// misspelt name, or another factory's scope. Carried by ``ScopeResetError``.
    case unknownScope
    /// A child factory was resolved from after ``BlockComponentFactory/close()`` began.
    case factoryClosed
    /// ``BlockComponentFactory/close()`` was called on a factory that is no child. Carried by ``CloseError``.
    case notAChild
    /// ``BlockComponentFactory/close()`` was called from inside a build (an initializer or hook).
    /// Carried by ``CloseError``.
    case closeDuringResolution
    /// ``BlockComponentFactory/close()`` waited the factory's `sharedBuildWait` for resolutions still
    /// running (one may be waiting for that very close). Carried by ``CloseError``.
    case closeTimedOut
    /// A test factory (or a preview factory) reached a definition marked `liveOnly()` that declares no
    /// double for it: it refuses rather than build the live component.
    case liveOnly

    // MARK: Activating
    /// Two definitions have the same key.
    case duplicateKey
    /// The same assembly type was passed twice. Carried by ``ActivationError`` and ``ManifestError``.
    case duplicateAssembly
    /// Collaborator discovery found more than 1,000 assembly types: collaborators made without end.
    case tooManyCollaborators
    /// Two listed definitions come from the same `Definition(…)` call.
    case sharedDefinitionSite
    /// A listed definition was not created inside `Assembly.define`.
    case definitionOutsideDefine
    /// A property is injected with a class that is not a subclass of the property's class.
    case propertyTypeMismatch
    /// A definition is exposed as a class its declared class does not inherit from.
    case invalidExposedType
    /// A definition post-processor threw.
    case postProcessorFailed
    /// Building an eager singleton failed; ``ValidationReport/Finding/resolutionError`` says why.
    case singletonFailed
    /// A parameterized definition (`define(arguments:)`) is listed in ``Assembly/definitions``, where nothing
    /// can supply its arguments.
    case listedParameterized
    /// A method with parameters uses `define { }` or `define(_:_:)`, which does not receive them, so every call
    /// would make the same definition: use `define(arguments:)`. Activation reports it for a listed or
    /// referenced method; resolving one by method with arguments throws it too.
    case parametersWithoutArguments
    /// An assembly given to ``BlockComponentFactory/with(_:)`` replaced none of the factory's, and a type it
    /// declares is now declared twice: resolving it by type would be ambiguous.
    case replacesNothing
    /// A type given to ``BlockComponentFactory/without(_:)`` is not among the factory's assemblies.
    case notActivated
    /// The factory's `maximumDepth:` is below 1 or its `sharedBuildWait:` is not positive.
    case invalidLimit
    /// Two scopes of one's own share a name but differ in holding or eagerness (`Scope("cache")` and
    /// `Scope("cache", holding: .weakly)`): reports, graphs and ``BlockComponentFactory/reset(_:)`` name a
    /// scope by its name alone. Or a definition is given two scopes: one by `define(.x) { … }` and
    /// another by `.scope(…)` in its body.
    case conflictingScopes

    // MARK: Validating
    /// Activation failed: a ``ManifestError`` whose ``ManifestError/activationError`` lists the problems.
    case activation
    /// A singleton or lazySingleton holds a shorter-lived component for the factory's lifetime.
    case captiveDependency
    /// A shared component of a child's parent would reach one of the child's own definitions: the parent
    /// pools it, so it would keep the child's component past the child's close (a singleton capturing a
    /// session's cart). Reported when the child is made (``BlockComponentFactory/child(_:)``).
    case childComponentCaptured
    /// A definition has closure injections, whose dependencies validation cannot see.
    case opaqueDefinition
    /// Building a definition with closure injections failed (`validate(buildingOpaqueDefinitions: true)`).
    case opaqueDefinitionFailed
    /// A registered definition no other definition injects: a root resolved from outside, or one left over.
    case unused
    /// References lead through more parameterized definitions than the graph follows: a definition that injects
    /// itself with new runtime arguments.
    case unboundedRecursion

    // MARK: Reading a manifest
    /// The manifest file does not exist or cannot be read. Carried by ``ManifestError`` and
    /// ``ConfigurationError``.
    case missingFile
    /// The manifest is not JSON. Carried by ``ManifestError`` and ``ConfigurationError``.
    case notJSON
    /// The manifest is JSON of the wrong shape; the message gives the JSON path.
    case wrongShape
    /// The manifest's `version` is not one this Monsoon reads.
    case unsupportedVersion
    /// No type has a listed name.
    case unknownType
    /// A listed type is not an `Assembly`.
    case notAnAssembly
    /// A listed assembly does not conform to ``ManifestLoadable``.
    case notLoadable
    /// The requested environment is not in the manifest.
    case unknownEnvironment

    // MARK: Reading configuration
    /// A value was read as a type that is not `Decodable` and has no ``TypeConverter``.
    case noConverter
    /// A ``TypeConverter`` threw.
    case conversionFailed
    /// A `.plist` configuration file is not a property list, or holds values configuration cannot (dates,
    /// data).
    case notPropertyList
    /// A line of a `.properties` configuration file is not `key=value`.
    case malformedProperties
    /// A configuration file's top level is not a JSON object.
    case notAnObject
    /// No configuration file has the key.
    case missingKey
    /// The key's value cannot be converted to the requested type.
    case wrongType
}
