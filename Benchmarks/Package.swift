// swift-tools-version: 6.2
import PackageDescription

// A separate package, so that comparing with Swinject never adds a dependency to Monsoon itself.
// Run: swift run -c release --package-path Benchmarks monsoon-bench
let package = Package(
    name: "MonsoonBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "Monsoon", path: "../"),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
    ],
    targets: [
        .target(name: "HeapUsage"),
        .executableTarget(
            name: "monsoon-bench",
            dependencies: [
                .product(name: "Monsoon", package: "Monsoon"), .product(name: "Swinject", package: "Swinject"), "HeapUsage",
            ],
            path: "Sources/MonsoonBench",
            // Async code runs on its caller's actor (the main one here): the concurrent executor's worker
            // threads bring valgrind down, and the warm awaited resolutions measured never suspend.
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        )
    ]
)
