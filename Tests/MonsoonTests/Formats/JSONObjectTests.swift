import Foundation
import Testing
@testable import Monsoon
import MonsoonFormats

/// The object representation configuration and manifests are read into (issue 28: a dictionary per
/// object made a million keys peak at 6.9× their file).
@Suite struct JSONObjectTests {
    @Test func aRepeatedKeyReplacesTheValueWhereItStands() {
        var object: JSONObject = ["a": .string("1"), "b": .string("2")]
        object.set(.string("3"), forKey: "a")
        #expect(object.count == 2)
        #expect(object.map(\.key) == ["a", "b"])
        #expect(object["a"] == .string("3"))
    }

    @Test func anObjectOfStringsTakesOtherValuesWithoutLosingAny() {
        var object = JSONObject()
        for index in 0..<20 { object.set(.string("v\(index)"), forKey: "k\(index)") }
        object.set(.int(7), forKey: "k3")
        object.set(.object(["inner": .bool(true)]), forKey: "group")
        #expect(object.count == 21)
        #expect(object["k3"] == .int(7))
        #expect(object["k19"] == .string("v19"))
        #expect(object["group"] == .object(["inner": .bool(true)]))
        #expect(object.take("group") == .object(["inner": .bool(true)]))
        #expect(object["group"] == .null, "a taken value is left as null until it is set again")
        #expect(object.take("missing") == nil)
    }

    /// Past 8 members an index is made, in 2-byte slots and past 40,000 in 4-byte ones; every key is
    /// found through each, and none that is absent.
    @Test(arguments: [5, 9, 1_000, 40_000, 40_001, 100_000])
    func everyKeyIsFoundAtEverySize(count: Int) {
        var object = JSONObject()
        for index in 0..<count { object.set(.int(index), forKey: "key\(index)") }
        #expect(object.count == count)
        #expect((0..<count).allSatisfy { object["key\($0)"] == .int($0) })
        #expect(object["key\(count)"] == nil)
        #expect(object["key"] == nil)
    }

    @Test func objectsAreEqualWithTheSameMembersInAnyOrder() {
        let forward: JSONObject = ["a": .int(1), "b": .string("x")]
        let backward: JSONObject = ["b": .string("x"), "a": .int(1)]
        #expect(forward == backward)
        #expect(forward != ["a": .int(1), "b": .string("y")])
        #expect(forward != ["a": .int(1)])
    }
}
