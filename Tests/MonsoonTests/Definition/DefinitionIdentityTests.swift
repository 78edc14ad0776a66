import Testing
@testable import Monsoon

@Suite struct DefinitionIdentityTests {
    /// Two copies of one `#fileID` stored apart, as a build that does not merge literals makes them
    /// (AddressSanitizer, specialized clones): one call site, so one identity, one pool.
    @Test func oneCallSiteIsOneIdentityWhereverItsLiteralIsStored() {
        let literal: StaticString = "MonsoonTests/Knights.swift"
        let copy = Self.storedElsewhere(literal)
        #expect(copy.utf8Start != literal.utf8Start, "the copy must sit at another address")
        let first = DefinitionIdentity(fileID: literal, line: 12, column: 9, assembly: ObjectIdentifier(Assembly.self))
        let second = DefinitionIdentity(fileID: copy, line: 12, column: 9, assembly: ObjectIdentifier(Assembly.self))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first.mixed == second.mixed)
        #expect(Set([first, second]).count == 1)
    }

    /// The same text as `literal` at another address: what a build that does not merge literals gives
    /// another copy of a call site. (A `StaticString` is a pointer, a count and flags.)
    private static func storedElsewhere(_ literal: StaticString) -> StaticString {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: literal.utf8CodeUnitCount + 1)
        bytes.initialize(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        bytes[literal.utf8CodeUnitCount] = 0
        var copy = literal
        withUnsafeMutableBytes(of: &copy) { raw in raw.storeBytes(of: UInt(bitPattern: bytes), as: UInt.self) }
        return copy
    }

    @Test func identitiesOfDifferentCallSitesDiffer() {
        let knight = DefinitionIdentity(fileID: fileA(), line: 12, column: 9)
        #expect(knight != DefinitionIdentity(fileID: "MonsoonTests/Horses.swift", line: 12, column: 9))
        #expect(knight != DefinitionIdentity(fileID: fileA(), line: 13, column: 9))
        #expect(knight != DefinitionIdentity(fileID: fileA(), line: 12, column: 9, assembly: ObjectIdentifier(Assembly.self)))
        #expect(!DefinitionIdentity.sameFile(fileA(), "MonsoonTests/Knightz.swift"))

    }

    private func fileA() -> StaticString { "MonsoonTests/Knights.swift" }
}
