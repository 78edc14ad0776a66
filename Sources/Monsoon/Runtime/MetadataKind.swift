/// What kind of type a metatype is, read from the runtime metadata's kind word: enough to tell
/// existentials and value types apart, which `Any.Type` alone cannot without an instance.
///
/// Invariant: the first word of every non-class type's metadata is its kind, with the values below.
/// This is part of Swift's stable ABI on Apple platforms and is the same on Linux, but nothing in the
/// language promises it, so the values are checked once per process against types of known kind
/// (``isReliable``). Should a toolchain ever lay metadata out otherwise, every question falls back to an
/// answer found without reading memory: an optional's wrapped type through a protocol conformance (slow:
/// a failed conformance check scans every conformance record of the process), and "unknown" for the
/// others, which only makes messages and activation checks less precise.
enum MetadataKind {
    private static let structKind = 0x200, enumKind = 0x201, optionalKind = 0x202
    private static let tupleKind = 0x301, existentialKind = 0x303

    /// `any P`: prints as the bare protocol name unless told.
    static func isExistential(_ type: Any.Type) -> Bool {
        isReliable && kind(of: type) == existentialKind
    }

    /// The wrapped type when `type` is an `Optional`. The metadata kind is read first: asking the runtime
    /// whether a type conforms to a protocol it does not conform to scans every conformance record of
    /// the process (about a million instructions per type on first asking).
    static func wrappedType(ofOptional type: Any.Type) -> Any.Type? {
        guard !isReliable || kind(of: type) == optionalKind else { return nil }
        return (type as? any OptionalMarker.Type)?.wrappedType
    }

    /// A struct, an enum (optionals included) or a tuple: never an object, so never held weakly.
    static func isValueType(_ type: Any.Type) -> Bool {
        isReliable && [structKind, enumKind, optionalKind, tupleKind].contains(kind(of: type))
    }

    /// A struct or an enum (optionals included): a nominal value type.
    static func isNominalValueType(_ type: Any.Type) -> Bool {
        isReliable && [structKind, enumKind, optionalKind].contains(kind(of: type))
    }

    /// Whether the kind word reads as documented, checked on types whose kind the language fixes.
    static let isReliable: Bool = {
        enum Probe { case only }
        let expected: [(Any.Type, Int)] = [
            (Int.self, structKind), (Probe.self, enumKind), (Int?.self, optionalKind),
            ((Int, String).self, tupleKind), ((any Error).self, existentialKind),
        ]
        return expected.allSatisfy { type, kind in Self.kind(of: type) == kind }
    }()

    /// The kind word. Reads the first word of the metadata, which every metadata record has.
    private static func kind(of type: Any.Type) -> Int {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self)
    }
}

/// Tells an optional type from others and reaches its wrapped type, without reading metadata.
protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
}
