@_spi(Reflection) import Swift

/// Where an assembly class can hold other assemblies: the names of its stored properties (its
/// superclasses' included) whose type is an `Assembly` subclass or an optional one. Found once per class
/// from its field descriptors and kept for the process, so that activation reflects (with `Mirror`) only
/// the assemblies that can hold collaborators: a `Mirror` of every assembly at every activation cost up
/// to 250,000 instructions each for a generic assembly class, as much as activating ten definitions.
///
/// The values themselves are read with `Mirror`, which reads `weak` and `unowned` properties as the
/// runtime requires; the field descriptors say only a property's type, not how it holds its value.
enum AssemblyFields {
    private static let known = Locked<[ObjectIdentifier: Set<String>?]>([:])

    /// The names of `type`'s assembly-typed stored properties, or `nil` when the runtime cannot list
    /// its fields (then every property is looked at).
    static func assemblyProperties(of type: Assembly.Type) -> Set<String>? {
        let id = ObjectIdentifier(type)
        if let answer = known.withLock({ $0[id] }) { return answer }
        var names: Set<String> = []
        // `.classType` spelled by its value: the stdlib declares the option as a mutable static.
        let listed = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { name, _, fieldType, _ in
            let stored = MetadataKind.wrappedType(ofOptional: fieldType) ?? fieldType
            if stored is Assembly.Type { names.insert(String(cString: name)) }
            return true
        }
        let answer: Set<String>? = listed ? names : nil
        known.withLock { $0[id] = .some(answer) }
        return answer
    }
}
