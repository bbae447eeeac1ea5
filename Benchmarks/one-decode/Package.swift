// swift-tools-version:6.0
// Times ImageScaler.scale(_:to: [ScaleRequest]) (one decode, several outputs) against the three calls
// it replaces (OneDecode), and how late a heartbeat task runs while photos are scaled (Heartbeat).
// Built and run by Benchmarks/one-decode-benchmark.sh and Benchmarks/heartbeat-benchmark.sh; see
// Benchmarks/README.md, "The one-decode benchmark" and "The heartbeat benchmark".
import PackageDescription

let package = Package(
    name: "one-decode",
    dependencies: [.package(name: "richpreview", path: "../..")],
    targets: [
        .executableTarget(
            name: "OneDecode",
            dependencies: [.product(name: "RichPreviewImaging", package: "richpreview")]
        ),
        .executableTarget(
            name: "Heartbeat",
            dependencies: [.product(name: "RichPreviewImaging", package: "richpreview")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
