/// The activated definitions of one factory, indexed every way resolution looks them up. Immutable
/// after activation, so lookups take no lock.
@usableFromInline
struct Registry: Sendable {
    /// In activation order: assembly order, then each assembly's `definitions` order.
    let entries: [RegistryEntry]
    @usableFromInline let byIdentity: EntryTable<DefinitionIdentity>
    let byKey: [String: RegistryEntry]
    let byType: [ObjectIdentifier: [RegistryEntry]]
    /// The types exactly one definition declares, for the warm path.
    @usableFromInline let soleByType: EntryTable<TypeKey>
    /// Module bindings by the name they were given (`binder.bind(…, named:)`), eager-singleton markers
    /// included.
    let byBindingName: [String: [RegistryEntry]]

    /// `aliases`: call sites of a replaced assembly's methods, mapped to the key of the replacement.
    init(entries: [RegistryEntry], aliases: [DefinitionIdentity: String] = [:]) {
        self.entries = entries
        var byIdentity: [DefinitionIdentity: RegistryEntry] = [:]
        var byKey: [String: RegistryEntry] = [:]
        var byType: [ObjectIdentifier: [RegistryEntry]] = [:]
        var byBindingName: [String: [RegistryEntry]] = [:]
        for entry in entries {
            if entry.definition.isFoundByNameOnly { byBindingName[entry.definition.function, default: []].append(entry) }
            byIdentity[entry.definition.identity] = entry
            byKey[entry.key] = entry
            if !entry.definition.isAbstract, !entry.definition.isFoundByNameOnly {
                byType[ObjectIdentifier(entry.definition.declaredType), default: []].append(entry)
                for exposed in entry.definition.exposedTypes where exposed != entry.definition.declaredType {
                    byType[ObjectIdentifier(exposed), default: []].append(entry)
                }
            }
        }
        for (identity, key) in aliases { byIdentity[identity] = byKey[key] }
        self.byIdentity = EntryTable(byIdentity.map { ($0.key, $0.value) })
        self.byKey = byKey
        self.byType = byType
        self.byBindingName = byBindingName
        self.soleByType = EntryTable(byType.compactMap { type, entries in entries.count == 1 ? (TypeKey(type), entries[0]) : nil })
    }

    var keys: [String] { entries.map(\.key) }

    /// The only entry declaring the type, or `nil` (none or several: the cold path reports which).
    @inlinable
    func soleEntry(declaring type: ObjectIdentifier) -> RegistryEntry? {
        soleByType[TypeKey(type)]
    }

    /// The registered entry of a definition, by identity.
    @inlinable
    func entry(identifiedBy identity: DefinitionIdentity) -> RegistryEntry? {
        byIdentity[identity]
    }

    var typeNames: [String] {
        Array(Set(entries.filter { !$0.definition.isAbstract }.map { typeName($0.definition.declaredType) })).sorted()
    }
}
