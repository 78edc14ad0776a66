/// Where a definition was created: the identity that ties a `Definition` value back to its registry entry.
///
/// Calling an assembly method twice creates two `Definition` values from the same call site, so the call
/// site (file, line, column) identifies the definition without hashing any string. The assembly's dynamic
/// type is part of the identity too, so that a generic assembly instantiated for several types
/// (`FeatureAssembly<Books>`, `FeatureAssembly<Films>`) has distinct definitions.
///
/// The file is compared by its text, never by where its `#fileID` literal happens to be stored: a build
/// that does not merge identical literals (AddressSanitizer, some optimization settings, code cloned by
/// specialization or inlined across modules) gives one call site several copies, and an identity that
/// compared addresses then split one definition's pool in two. The address is only a shortcut: equal
/// addresses mean the same text, and the hash (line, column and assembly) ignores the file.
@usableFromInline
struct DefinitionIdentity: Hashable, Sendable {
    @usableFromInline let fileID: StaticString
    @usableFromInline let line: UInt
    @usableFromInline let column: UInt
    /// The assembly type whose `define` created the definition; `nil` outside `define`.
    @usableFromInline let assembly: ObjectIdentifier?
    /// Where `fileID`'s characters are: equal addresses mean equal files, which saves comparing them.
    @usableFromInline let fileAddress: UInt
    /// A cheap mix of the line, column and assembly, computed once: the hash of the registry's identity
    /// table, and what hashing an identity feeds the hasher (one word instead of four).
    @usableFromInline let mixed: UInt

    /// Inlined into `define`, so that identifying a definition is a few multiplications.
    @inlinable
    init(fileID: StaticString, line: UInt, column: UInt, assembly: ObjectIdentifier? = nil) {
        self.fileID = fileID
        self.line = line
        self.column = column
        self.assembly = assembly
        // `#fileID` is always a pointer-backed literal.
        self.fileAddress = fileID.hasPointerRepresentation ? UInt(bitPattern: fileID.utf8Start) : 0
        let assemblyBits = assembly.map { UInt(bitPattern: $0) } ?? 0
        let combined = line &* 1_000_003 &+ column &* 7_919 &+ assemblyBits
        // Folded so that the low bits, which index the identity table, depend on every field.
        self.mixed = (combined ^ (combined &>> 29)) &* 0x9E37_79B9_7F4A_7C15
    }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.mixed == rhs.mixed && lhs.line == rhs.line && lhs.column == rhs.column && lhs.assembly == rhs.assembly
            && (lhs.fileAddress == rhs.fileAddress || sameFile(lhs.fileID, rhs.fileID))
    }

    /// Whether two `#fileID` literals stored apart spell the same file: the rare path of `==`.
    @usableFromInline
    static func sameFile(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
        guard lhs.hasPointerRepresentation, rhs.hasPointerRepresentation, lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount else {
            return lhs.description == rhs.description
        }
        return lhs.withUTF8Buffer { left in rhs.withUTF8Buffer { right in left.elementsEqual(right) } }
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(mixed)
    }

    /// `File.swift:12` for messages.
    var location: String { "\(fileID):\(line)" }
}
