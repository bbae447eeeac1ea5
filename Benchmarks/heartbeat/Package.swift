// swift-tools-version:6.0
// How late a 10 ms heartbeat task runs while photos are scaled, through the blocking calls in a task
// group and through the async API. Built and run by Benchmarks/heartbeat-benchmark.sh; see
// Benchmarks/README.md, "The heartbeat benchmark".
import PackageDescription

let package = Package(
    name: "heartbeat",
    dependencies: [.package(name: "richpreview", path: "../..")],
    targets: [
        .executableTarget(
            name: "Heartbeat",
            dependencies: [.product(name: "RichPreviewImaging", package: "richpreview")]
        )
    ],
    swiftLanguageModes: [.v6]
)
