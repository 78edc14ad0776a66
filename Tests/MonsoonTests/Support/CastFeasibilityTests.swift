import Foundation
@testable import Monsoon
import Testing

private class FeasibilityBase {}
private final class FeasibilitySub: FeasibilityBase {}
private final class FeasibilityOther {}
private protocol FeasibilityProtocol {}
private struct FeasibilityValue: Hashable {}

@Suite struct CastFeasibilityTests {
    @Test func unrelatedClassesAndUnrelatedValueTypesNeverCast() {
        #expect(CastFeasibility.neverSucceeds(from: FeasibilityOther.self, to: FeasibilityBase.self))
        #expect(CastFeasibility.neverSucceeds(from: FeasibilityBase.self, to: FeasibilitySub.self))
        #expect(CastFeasibility.neverSucceeds(from: String.self, to: Int.self))
        #expect(CastFeasibility.neverSucceeds(from: String.self, to: FeasibilityBase.self))
        #expect(CastFeasibility.neverSucceeds(from: FeasibilityOther.self, to: FeasibilityValue.self))
        #expect(CastFeasibility.neverSucceeds(from: Int?.self, to: String.self))
    }

    @Test func whatACastCanDoIsNeverRefused() {
        #expect(!CastFeasibility.neverSucceeds(from: FeasibilitySub.self, to: FeasibilityBase.self))
        #expect(!CastFeasibility.neverSucceeds(from: Int.self, to: Int?.self))
        #expect(!CastFeasibility.neverSucceeds(from: Int??.self, to: Int.self))
        // Arrays convert element by element; any Hashable value becomes an AnyHashable.
        #expect(!CastFeasibility.neverSucceeds(from: [FeasibilitySub].self, to: [FeasibilityBase].self))
        #expect(!CastFeasibility.neverSucceeds(from: [Int].self, to: [Any].self))
        #expect(!CastFeasibility.neverSucceeds(from: FeasibilityValue.self, to: AnyHashable.self))
        // Only an instance tells whether it conforms.
        #expect(!CastFeasibility.neverSucceeds(from: FeasibilityOther.self, to: (any FeasibilityProtocol).self))
        #expect(!CastFeasibility.neverSucceeds(from: (any FeasibilityProtocol).self, to: FeasibilityValue.self))
        #expect(!CastFeasibility.neverSucceeds(from: Int.self, to: Any.self))
        #expect(!CastFeasibility.neverSucceeds(from: (Int, Int).self, to: (a: Int, b: Int).self))
        // Foundation bridges value types to Objective-C classes and back.
        #expect(!CastFeasibility.neverSucceeds(from: String.self, to: NSString.self))
        #expect(!CastFeasibility.neverSucceeds(from: NSNumber.self, to: Int.self))
    }
}
