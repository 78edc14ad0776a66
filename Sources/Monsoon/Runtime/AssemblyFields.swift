@_spi(Reflection) import Swift

/// Where an assembly class can hold other assemblies: the names of its stored properties (its
/// superclasses' included) whose type is an `Assembly` subclass or an optional one. Found once per class
/// from its field descriptors and kept for the process, so that activation reflects (with `Mirror`) only
/// the assemblies that can hold collaborators: a `Mirror` of every assembly at every activation cost up
/// to 250,000 instructions each for a generic assembly class, as much as activating ten definitions.
///
/// The field descriptors are read with the standard library's `_forEachField`, an SPI. Invariant: it
/// calls its closure once per stored property of the class and its superclasses, with the property's
/// name and declared type. That is checked once per process on a class of known fields
/// (``isReliable``); should the SPI ever report otherwise, or `_forEachField` say it cannot list a class,
/// ``assemblyProperties(of:)`` answers `nil` and collaborator discovery reflects every property with
/// `Mirror`, the public API, which finds the same assemblies more slowly.
///
/// The values themselves are always read with `Mirror`, which reads `weak` and `unowned` properties as
/// the runtime requires; the field descriptors say only a property's type, not how it holds its value.
enum AssemblyFields {
    private static let known = Locked<[ObjectIdentifier: Set<String>?]>([:])

    /// The names of `type`'s assembly-typed stored properties, or `nil` when they cannot be listed
    /// without `Mirror` (then every property is looked at).
    static func assemblyProperties(of type: Assembly.Type) -> Set<String>? {
        guard isReliable else { return nil }
        let id = ObjectIdentifier(type)
        if let answer = known.withLock({ $0[id] }) { return answer }
        let answer = listed(type)
        known.withLock { $0[id] = .some(answer) }
        return answer
    }

    private static func listed(_ type: AnyClass) -> Set<String>? {
        var names: Set<String> = []
        // `.classType` spelled by its value: the stdlib declares the option as a mutable static.
        let listed = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { name, _, fieldType, _ in
            let stored = MetadataKind.wrappedType(ofOptional: fieldType) ?? fieldType
            if stored is Assembly.Type { names.insert(String(cString: name)) }
            return true
        }
        return listed ? names : nil
    }

    /// The assemblies `type` holds in `lazy var` properties, by property name: such a property is set
    /// only when first read, so collaborator discovery finds nothing in it. Read for messages only.
    static func lazyAssemblyProperties(of type: Assembly.Type) -> [(property: String, type: Assembly.Type)] {
        guard isReliable else { return [] }
        let prefix = "$__lazy_storage_$_"
        var found: [(String, Assembly.Type)] = []
        _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { name, _, fieldType, _ in
            let property = String(cString: name)
            if property.hasPrefix(prefix), let held = (MetadataKind.wrappedType(ofOptional: fieldType) ?? fieldType) as? Assembly.Type {
                found.append((String(property.dropFirst(prefix.count)), held))
            }
            return true
        }
        return found
    }

    /// Whether `_forEachField` lists a class's fields as documented, checked on a class whose fields
    /// are known: held strongly, weakly, unowned and optionally, in the class and its superclass.
    static let isReliable: Bool = listed(FieldProbe.self) == ["inherited", "strong", "optional", "weakly", "unownedly"]
}

/// The class `AssemblyFields` checks the SPI on; never instantiated.
private class FieldProbeBase: Assembly {
    let inherited = Assembly()
    let count = 0
}

private final class FieldProbe: FieldProbeBase {
    let strong = Assembly()
    let optional: Assembly? = nil
    weak var weakly: Assembly?
    unowned let unownedly: Assembly
    let name = ""

    init(held: Assembly) {
        unownedly = held
    }
}
