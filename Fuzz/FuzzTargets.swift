import Foundation

// The libFuzzer entry point. Fuzz/run compiles it with Monsoon's sources and
// Tests/MonsoonTests/Robustness/FuzzTarget.swift (what each target does) into one fuzzer; the target is
// chosen by MONSOON_FUZZ_TARGET: manifest, json, properties or plist.

private let fuzzTarget = ProcessInfo.processInfo.environment["MONSOON_FUZZ_TARGET"] ?? "manifest"

@_cdecl("LLVMFuzzerTestOneInput")
public func monsoonFuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.run(fuzzTarget, start.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
