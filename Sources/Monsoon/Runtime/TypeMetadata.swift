import Foundation

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

/// Walking a class's superclasses: how assembly replacement, the manifest, subtype injections and messages
/// relate classes. The one place that calls `_getSuperclass`.
package enum ClassHierarchy {
    /// `type`, then its superclass, and so on, stopping before `root` when it is met.
    package static func lineage(of type: AnyClass, upTo root: AnyClass? = nil) -> [AnyClass] {
        var lineage: [AnyClass] = []
        var current: AnyClass? = type
        while let candidate = current, candidate != root {
            lineage.append(candidate)
            current = _getSuperclass(candidate)
        }
        return lineage
    }

    /// Whether `type` is `base` or one of its subclasses.
    package static func isSubclass(_ type: AnyClass, of base: AnyClass) -> Bool {
        lineage(of: type).contains { $0 == base }
    }
}

/// Whether a value of one type can ever be passed where another type is taken, decided from the types
/// alone: what lets activation refuse a post-processor's replacement that would fail at every build
/// instead of at the first one.
enum CastFeasibility {
    /// `true` only when no value of `supplied` is ever a `taken`. `false` when one can be, and whenever
    /// only an instance would tell: a protocol or `Any` taken, a tuple or a function, a generic type's
    /// other specialization (arrays convert element by element), `AnyHashable`, and Objective-C classes,
    /// which Foundation bridges to and from value types.
    static func neverSucceeds(from supplied: Any.Type, to taken: Any.Type) -> Bool {
        // A dynamic cast unwraps an optional it is given and wraps into an optional it is asked for.
        let supplied = unwrapped(supplied), taken = unwrapped(taken)
        guard supplied != taken, taken != AnyHashable.self else { return false }
        switch (supplied as? AnyClass, taken as? AnyClass) {
        case let (suppliedClass?, takenClass?):
            return !ClassHierarchy.isSubclass(suppliedClass, of: takenClass)
        case let (suppliedClass?, nil):
            return MetadataKind.isNominalValueType(taken) && !isBridged(suppliedClass)
        case let (nil, takenClass?):
            return MetadataKind.isNominalValueType(supplied) && !isBridged(takenClass)
        case (nil, nil):
            return MetadataKind.isNominalValueType(supplied) && MetadataKind.isNominalValueType(taken)
                && genericBase(supplied) != genericBase(taken)
        }
    }

    private static func unwrapped(_ type: Any.Type) -> Any.Type {
        var type = type
        while let wrapped = MetadataKind.wrappedType(ofOptional: type) { type = wrapped }
        return type
    }

    /// An Objective-C class: `String` bridges to `NSString` and back, numbers to `NSNumber`.
    private static func isBridged(_ type: AnyClass) -> Bool {
        ClassHierarchy.isSubclass(type, of: NSObject.self)
    }

    /// `Swift.Array` for `Array<Int>`: two specializations of one generic type may convert.
    private static func genericBase(_ type: Any.Type) -> Substring {
        let name = String(reflecting: type)
        return name.prefix { $0 != "<" }
    }
}
