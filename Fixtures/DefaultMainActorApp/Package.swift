// swift-tools-version: 6.2
import PackageDescription

// An app as new Xcode app targets are set up: default isolation to the main actor and the two upcoming
// features they enable. It proves that Monsoon's assemblies, definitions, manifest, test support and
// companion libraries build and work there; `.ci/run` builds it, runs it and runs its tests.
let appSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "DefaultMainActorApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Monsoon", path: "../..")],
    targets: [
        .target(
            name: "Harbor",
            dependencies: [
                .product(name: "Monsoon", package: "Monsoon"),
                .product(name: "MonsoonMediator", package: "Monsoon"),
                .product(name: "MonsoonRouter", package: "Monsoon"),
                .product(name: "MonsoonLifecycle", package: "Monsoon"),
            ],
            resources: [.process("Resources")], swiftSettings: appSettings),
        .executableTarget(name: "HarborMain", dependencies: ["Harbor"], swiftSettings: appSettings),
        .testTarget(
            name: "HarborTests",
            dependencies: ["Harbor", .product(name: "MonsoonTesting", package: "Monsoon"), .product(name: "Monsoon", package: "Monsoon")],
            swiftSettings: appSettings),
    ]
)
