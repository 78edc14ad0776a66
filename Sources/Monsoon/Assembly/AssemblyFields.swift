@_spi(Reflection) import Swift
import Foundation

/// Where an assembly class stores other assemblies: the byte offsets of its stored properties (its
/// superclasses' included) whose type is an `Assembly` subclass or an optional one. Found once per class
/// from its field descriptors and kept for the process: a `Mirror` of each assembly at every activation
/// cost up to 250,000 instructions for a generic assembly class, as much as activating 10 definitions.
enum AssemblyFields {
    private static let lock = NSLock()
    private nonisolated(unsafe) static var known: [ObjectIdentifier: [Int]] = [:]

    /// The offsets for `type`, or `nil` when the runtime cannot list its fields.
    static func of(_ type: Assembly.Type) -> [Int]? {
        let id = ObjectIdentifier(type)
        if let fields = lock.withLock({ known[id] }) { return fields }
        var offsets: [Int] = []
        // `.classType` spelled by its value: the stdlib declares the option as a mutable static.
        let listed = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { _, offset, fieldType, _ in
            let stored = MetadataKind.wrappedType(ofOptional: fieldType) ?? fieldType
            if stored is Assembly.Type { offsets.append(offset) }
            return true
        }
        guard listed else { return nil }
        lock.withLock { known[id] = offsets }
        return offsets
    }
}
