// swift-tools-version: 6.2
import PackageDescription

// Monsoon depends on no package: only the toolchain's Foundation, Dispatch, Synchronization and test
// frameworks. Synchronization's Mutex and Atomic set the Apple platform floor below.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatWarning("ExplicitSendable", as: .warning),
]

let package = Package(
    name: "Monsoon",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Monsoon", targets: ["Monsoon"])
    ],
    targets: [
        .target(name: "Monsoon", swiftSettings: strictSettings),
        .testTarget(name: "MonsoonTests", dependencies: ["Monsoon"], swiftSettings: strictSettings),
    ]
)
