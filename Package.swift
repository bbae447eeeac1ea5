// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "richpreview",
    products: [
        .library(name: "RichPreview", targets: ["RichPreview"]),
        .library(name: "RichPreviewImaging", targets: ["RichPreviewImaging"]),
        .executable(name: "richpreview", targets: ["richpreview"]),
    ],
    targets: [
        // C shims: each owns one codec's setjmp/longjmp and error callbacks.
        .target(name: "CRichPreviewPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "CRichPreviewJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CRichPreviewGIF", linkerSettings: [.linkedLibrary("gif")]),

        // Pure-Swift core: configs, payloads, categories, responses, attachments, geometry.
        .target(name: "RichPreview"),

        // Decoding, orientation, resampling and encoding over the C shims.
        .target(
            name: "RichPreviewImaging",
            dependencies: ["RichPreview", "CRichPreviewPNG", "CRichPreviewJPEG", "CRichPreviewGIF"]
        ),

        // The command-line logic as a library; the executable is a thin entry point.
        .target(name: "RichPreviewCLI", dependencies: ["RichPreview", "RichPreviewImaging"]),
        .executableTarget(name: "richpreview", dependencies: ["RichPreviewCLI"]),

        .target(name: "RichPreviewTestSupport", dependencies: ["RichPreview", "RichPreviewCLI"]),
        .testTarget(name: "RichPreviewTests", dependencies: ["RichPreview", "RichPreviewTestSupport"]),
        .testTarget(name: "RichPreviewImagingTests", dependencies: ["RichPreviewImaging", "RichPreviewTestSupport"]),
        .testTarget(name: "RichPreviewCLITests", dependencies: ["RichPreviewCLI", "RichPreviewTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
