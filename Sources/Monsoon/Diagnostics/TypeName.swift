/// A readable name for a type in messages: `Knight`, `any Quest`, `Array<Int>`.
///
/// `String(describing:)` prints a protocol's existential as the bare protocol name (`Quest`), which
/// reads like a different type in messages about `Definition<any Quest>`; the runtime metadata kind
/// (part of Swift's stable ABI) tells existentials apart so that they print with `any`.
package func typeName(_ type: Any.Type) -> String {
    if let wrapped = MetadataKind.wrappedType(ofOptional: type), MetadataKind.isExistential(wrapped) {
        return "Optional<\(typeName(wrapped))>"
    }
    // Not `String(describing:)`: it first asks the runtime whether the metatype conforms to the printing
    // protocols, and for a type it has not seen (each instance of a generic assembly) each of those
    // questions scans every conformance record of the process, about 200,000 instructions apiece.
    let name = _typeName(type, qualified: false)
    guard MetadataKind.isExistential(type), name != "Any", name != "AnyObject", !name.hasPrefix("any ") else { return name }
    return "any \(name)"
}
