// swift-tools-version: 6.2
import PackageDescription

// Monsoon depends on no package: only the toolchain's Foundation, Dispatch, Synchronization and test
// frameworks. Synchronization's Mutex and Atomic set the Apple platform floor below.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatWarning("ExplicitSendable", as: .warning),
]
// The example app is application code: Swift 6 mode, without the library's explicit-Sendable rule.
let appSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Monsoon",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Monsoon", targets: ["Monsoon"]),
        .library(name: "MonsoonTesting", targets: ["MonsoonTesting"]),
        .library(name: "MonsoonMediator", targets: ["MonsoonMediator"]),
        .library(name: "MonsoonRouter", targets: ["MonsoonRouter"]),
        .library(name: "MonsoonLifecycle", targets: ["MonsoonLifecycle"]),
        .executable(name: "pocket-forecast", targets: ["PocketForecast"]),
        .executable(name: "shop", targets: ["Shop"]),
    ],
    targets: [
        // The file formats Monsoon reads (JSON, property lists), with no public API: parsers that know
        // nothing of dependency injection, fuzzed on their own (Fuzz/run).
        .target(name: "MonsoonFormats", swiftSettings: strictSettings),
        .target(name: "Monsoon", dependencies: ["MonsoonFormats"], swiftSettings: strictSettings),
        .testTarget(name: "MonsoonTests", dependencies: ["Monsoon", "MonsoonFormats"], swiftSettings: strictSettings),

        // Test support for apps using Monsoon, with XCTest and Swift Testing (toolchain modules only).
        .target(name: "MonsoonTesting", dependencies: ["Monsoon"], swiftSettings: strictSettings),
        .testTarget(name: "MonsoonTestingTests", dependencies: ["MonsoonTesting", "Monsoon"], swiftSettings: strictSettings),

        // Componentization on top of the factory, one library each: target-action by name (CTMediator),
        // URL routes (MGJRouter), module lifecycle and services (BeeHive).
        .target(name: "MonsoonMediator", dependencies: ["Monsoon"], swiftSettings: strictSettings),
        .target(name: "MonsoonRouter", dependencies: ["Monsoon"], swiftSettings: strictSettings),
        .target(name: "MonsoonLifecycle", dependencies: ["Monsoon"], swiftSettings: strictSettings),
        .testTarget(
            name: "MonsoonComponentsTests", dependencies: ["MonsoonMediator", "MonsoonRouter", "MonsoonLifecycle", "Monsoon"],
            swiftSettings: strictSettings),

        // Shop, the componentization example: two feature modules that never import each other and talk
        // through the router and the mediator, started by the lifecycle from a manifest.
        .target(name: "ShopOrders", dependencies: ["Monsoon", "MonsoonMediator", "MonsoonRouter", "MonsoonLifecycle"],
                path: "Examples/Shop/Orders", swiftSettings: appSettings),
        .target(name: "ShopSearch", dependencies: ["Monsoon", "MonsoonMediator", "MonsoonRouter", "MonsoonLifecycle"],
                path: "Examples/Shop/Search", swiftSettings: appSettings),
        .target(name: "ShopApp", dependencies: ["ShopOrders", "ShopSearch", "MonsoonLifecycle", "MonsoonMediator", "MonsoonRouter"],
                path: "Examples/Shop/App", resources: [.process("Resources")], swiftSettings: appSettings),
        .executableTarget(name: "Shop", dependencies: ["ShopApp"], path: "Examples/Shop/Main", swiftSettings: appSettings),
        .testTarget(name: "ShopTests", dependencies: ["ShopApp", "ShopOrders", "ShopSearch", "MonsoonLifecycle", "MonsoonMediator", "MonsoonRouter"],
                    path: "Examples/Shop/Tests", swiftSettings: appSettings),

        // PocketForecast, the example app (Typhoon's sample app, offline): its assemblies and services
        // are a library so that tests can use them; the executable only parses arguments.
        .target(
            name: "PocketForecastApp", dependencies: ["Monsoon"],
            resources: [.process("Resources")], swiftSettings: appSettings),
        .executableTarget(name: "PocketForecast", dependencies: ["PocketForecastApp"], swiftSettings: appSettings),
        .testTarget(name: "PocketForecastTests", dependencies: ["PocketForecastApp", "Monsoon"], swiftSettings: appSettings),
    ]
)
