import Foundation

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
