/// Where a definition was created: the identity that ties a `Definition` value back to its registry entry.
///
/// Calling an assembly method twice creates two `Definition` values from the same call site, so the call
/// site (file, line, column) identifies the definition without hashing any string: `#fileID` arrives as
/// a `StaticString` whose storage address is fixed for a given call site. The assembly's dynamic type is
/// part of the identity too, so that a generic assembly instantiated for several types
/// (`FeatureAssembly<Books>`, `FeatureAssembly<Films>`) has distinct definitions.
@usableFromInline
struct DefinitionIdentity: Hashable, Sendable {
    @usableFromInline let fileID: StaticString
    @usableFromInline let line: UInt
    @usableFromInline let column: UInt
    /// The assembly type whose `define` created the definition; `nil` outside `define`.
    @usableFromInline let assembly: ObjectIdentifier?
    /// Where `fileID`'s characters are: fixed for a call site, so it stands for the file.
    @usableFromInline let fileAddress: UInt
    /// A cheap mix of the fields above, computed once: the hash of the registry's identity table, and what
    /// hashing an identity feeds the hasher (one word instead of four).
    @usableFromInline let mixed: UInt

    /// Inlined into `define`, so that identifying a definition is a few multiplications.
    @inlinable
    init(fileID: StaticString, line: UInt, column: UInt, assembly: ObjectIdentifier? = nil) {
        self.fileID = fileID
        self.line = line
        self.column = column
        self.assembly = assembly
        // `#fileID` is always a pointer-backed literal.
        let address = fileID.hasPointerRepresentation ? UInt(bitPattern: fileID.utf8Start) : 0
        self.fileAddress = address
        let assemblyBits = assembly.map { UInt(bitPattern: $0) } ?? 0
        let combined = address &* 31 &+ line &* 1_000_003 &+ column &* 7_919 &+ assemblyBits
        // Folded so that the low bits, which index the identity table, depend on every field.
        self.mixed = (combined ^ (combined &>> 29)) &* 0x9E37_79B9_7F4A_7C15
    }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.mixed == rhs.mixed && lhs.line == rhs.line && lhs.column == rhs.column && lhs.fileAddress == rhs.fileAddress
            && lhs.assembly == rhs.assembly
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(mixed)
    }

    /// `File.swift:12` for messages.
    var location: String { "\(fileID):\(line)" }
}
