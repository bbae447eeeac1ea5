// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "richpreview",
    products: [
        .library(name: "RichPreview", targets: ["RichPreview"]),
        .library(name: "RichPreviewImaging", targets: ["RichPreviewImaging"]),
        .library(name: "RichPreviewRendering", targets: ["RichPreviewRendering"]),
        .executable(name: "richpreview", targets: ["richpreview"]),
    ],
    targets: [
        // C shims: each owns one codec's setjmp/longjmp and error callbacks.
        .target(name: "CRichPreviewPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "CRichPreviewJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CRichPreviewGIF", linkerSettings: [.linkedLibrary("gif")]),
        // The resampler's fixed-point kernels: portable C and AVX2 chosen at run time; no library.
        .target(name: "CRichPreviewResample"),
        // FreeType and HarfBuzz: their include folders come from pkg-config through these system
        // library targets, so no target needs unsafe flags. The shim links neither: it loads them with
        // dlopen when the first face is opened (see the richpreview target for pkg-config's -l flags).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .target(name: "CRichPreviewFreeType", dependencies: ["CFreeType", "CHarfBuzz"]),

        // What the core and the imaging module share: geometry, the RGBA image, formats, file I/O.
        .target(name: "RichPreviewMedia"),

        // Pure-Swift core: configs, payloads, categories, responses, attachments, rules, text layout.
        .target(name: "RichPreview", dependencies: ["RichPreviewMedia"]),

        // Decoding, orientation, resampling and encoding over the C shims; needs no core.
        .target(
            name: "RichPreviewImaging",
            dependencies: [
                "RichPreviewMedia", "CRichPreviewPNG", "CRichPreviewJPEG", "CRichPreviewGIF", "CRichPreviewResample",
            ]
        ),

        // Fonts with fallback, HarfBuzz shaping and an anti-aliased RGBA canvas for the PNG renderer.
        .target(
            name: "RichPreviewRendering",
            dependencies: ["RichPreview", "RichPreviewImaging", "CRichPreviewFreeType"]
        ),

        // The command-line logic as a library; the executable is a thin entry point.
        .target(name: "RichPreviewCLI", dependencies: ["RichPreview", "RichPreviewImaging", "RichPreviewRendering"]),
        // as-needed.cfg makes clang put -Wl,--as-needed before every library, so the -lfreetype and
        // -lharfbuzz SwiftPM adds from pkg-config (unused by the dlopen-ing shim) leave no DT_NEEDED.
        .executableTarget(
            name: "richpreview", dependencies: ["RichPreviewCLI"], exclude: ["as-needed.cfg"],
            linkerSettings: [
                .unsafeFlags(
                    ["-Xclang-linker", "--config=\(Context.packageDirectory)/Sources/richpreview/as-needed.cfg"],
                    .when(platforms: [.linux]))
            ]
        ),

        .target(name: "RichPreviewTestSupport", dependencies: ["RichPreview", "RichPreviewImaging", "RichPreviewCLI"]),
        .testTarget(
            name: "RichPreviewTests", dependencies: ["RichPreview", "RichPreviewImaging", "RichPreviewTestSupport"]),
        .testTarget(name: "RichPreviewImagingTests", dependencies: ["RichPreviewImaging", "RichPreviewTestSupport"]),
        .testTarget(
            name: "RichPreviewRenderingTests",
            dependencies: ["RichPreviewRendering", "RichPreviewImaging", "RichPreviewTestSupport"]
        ),
        .testTarget(name: "RichPreviewCLITests", dependencies: ["RichPreviewCLI", "RichPreviewTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
