/// What kind of type a metatype is, read from the runtime metadata's kind word (part of Swift's stable
/// ABI on every platform Monsoon supports): enough to tell existentials and value types apart, which
/// `Any.Type` alone cannot without an instance.
enum MetadataKind {
    /// `any P`: prints as the bare protocol name unless told.
    static func isExistential(_ type: Any.Type) -> Bool {
        kind(of: type) == 0x303
    }

    /// The wrapped type when `type` is an `Optional`. The metadata kind is read first: asking the runtime
    /// whether a type conforms to a protocol it does not conform to scans every conformance record of
    /// the process (about a million instructions per type on first asking).
    static func wrappedType(ofOptional type: Any.Type) -> Any.Type? {
        guard kind(of: type) == 0x202 else { return nil }
        return (type as? any OptionalMarker.Type)?.wrappedType
    }

    /// A struct, an enum (optionals included) or a tuple: never an object, so never held weakly.
    static func isValueType(_ type: Any.Type) -> Bool {
        [0x200, 0x201, 0x202, 0x301].contains(kind(of: type))
    }

    /// A struct or an enum (optionals included): a nominal value type.
    static func isNominalValueType(_ type: Any.Type) -> Bool {
        [0x200, 0x201, 0x202].contains(kind(of: type))
    }

    private static func kind(of type: Any.Type) -> Int {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self)
    }
}
