@_spi(Reflection) import Swift

/// Which assembly classes can hold other assemblies: those with a stored property (theirs or a
/// superclass's) whose type is an `Assembly` subclass or an optional one. Found once per class from its
/// field descriptors and kept for the process, so that activation reflects (with `Mirror`) only the
/// assemblies that can hold collaborators: a `Mirror` of every assembly at every activation cost up to
/// 250,000 instructions each for a generic assembly class, as much as activating ten definitions.
///
/// The values themselves are read with `Mirror`, which reads `weak` and `unowned` properties as the
/// runtime requires; the field descriptors say only a property's type, not how it holds its value.
enum AssemblyFields {
    private static let known = Locked<[ObjectIdentifier: Bool]>([:])

    /// Whether instances of `type` can hold an assembly in a stored property; `true` when the runtime
    /// cannot list its fields.
    static func mayHoldAssemblies(_ type: Assembly.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if let answer = known.withLock({ $0[id] }) { return answer }
        var holds = false
        // `.classType` spelled by its value: the stdlib declares the option as a mutable static.
        let listed = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { _, _, fieldType, _ in
            let stored = MetadataKind.wrappedType(ofOptional: fieldType) ?? fieldType
            if stored is Assembly.Type { holds = true }
            return !holds
        }
        let answer = holds || !listed
        known.withLock { $0[id] = answer }
        return answer
    }
}
