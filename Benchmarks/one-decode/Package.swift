// swift-tools-version:6.0
// Times ImageScaler.scale(_:to: [ScaleRequest]) (one decode, several outputs) against the three calls
// it replaces. Built and run by Benchmarks/one-decode-benchmark.sh; see Benchmarks/README.md,
// "The one-decode benchmark".
import PackageDescription

let package = Package(
    name: "one-decode",
    dependencies: [.package(name: "richpreview", path: "../..")],
    targets: [
        .executableTarget(
            name: "OneDecode",
            dependencies: [.product(name: "RichPreviewImaging", package: "richpreview")]
        )
    ],
    swiftLanguageModes: [.v6]
)
