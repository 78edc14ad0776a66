/// A readable name for a type in messages: `Knight`, `any Quest`, `Array<Int>`.
///
/// `String(describing:)` prints a protocol's existential as the bare protocol name (`Quest`), which
/// reads like a different type in messages about `Definition<any Quest>`; the runtime metadata kind
/// (part of Swift's stable ABI) tells existentials apart so that they print with `any`.
func typeName(_ type: Any.Type) -> String {
    if let wrapped = (type as? any OptionalMarker.Type)?.wrappedType, MetadataKind.isExistential(wrapped) {
        return "Optional<\(typeName(wrapped))>"
    }
    let name = String(describing: type)
    guard MetadataKind.isExistential(type), name != "Any", name != "AnyObject", !name.hasPrefix("any ") else { return name }
    return "any \(name)"
}
