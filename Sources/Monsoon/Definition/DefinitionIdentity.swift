/// Where a definition was created: the identity that ties a `Definition` value back to its registry entry.
///
/// Calling an assembly method twice creates two `Definition` values from the same call site, so the call
/// site (file, line, column) identifies the definition without hashing any string: `#fileID` arrives as
/// a `StaticString` whose storage address is fixed for a given call site. The assembly's dynamic type is
/// part of the identity too, so that a generic assembly instantiated for several types
/// (`FeatureAssembly<Books>`, `FeatureAssembly<Films>`) has distinct definitions.
@usableFromInline
struct DefinitionIdentity: Hashable, Sendable {
    let fileID: StaticString
    let line: UInt
    let column: UInt
    /// The assembly type whose `define` created the definition; `nil` outside `define`.
    let assembly: ObjectIdentifier?
    /// A cheap mix of the fields above, computed once: the hash of the registry's identity table, and what
    /// hashing an identity feeds the hasher (one word instead of four).
    @usableFromInline let mixed: UInt

    @usableFromInline
    init(fileID: StaticString, line: UInt, column: UInt, assembly: ObjectIdentifier? = nil) {
        self.fileID = fileID
        self.line = line
        self.column = column
        self.assembly = assembly
        let address = fileID.withUTF8Buffer { UInt(bitPattern: $0.baseAddress) }
        let assemblyBits = assembly.map { UInt(bitPattern: $0) } ?? 0
        let combined = address &* 31 &+ line &* 1_000_003 &+ column &* 7_919 &+ assemblyBits
        // Folded so that the low bits, which index the identity table, depend on every field.
        self.mixed = (combined ^ (combined &>> 29)) &* 0x9E37_79B9_7F4A_7C15
    }

    private var fileAddress: UInt {
        fileID.withUTF8Buffer { UInt(bitPattern: $0.baseAddress) }
    }

    @usableFromInline
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.mixed == rhs.mixed && lhs.line == rhs.line && lhs.column == rhs.column && lhs.assembly == rhs.assembly
            && lhs.fileAddress == rhs.fileAddress
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(mixed)
    }

    /// `File.swift:12` for messages.
    var location: String { "\(fileID):\(line)" }
}
