// swift-tools-version:6.0
import PackageDescription

/// How the `richpreview` executable is linked on Linux: with lld, its functions in the order of
/// `Sources/richpreview/link-order.txt` (the code each command runs first and together, so a
/// command maps a few hundred KiB of code rather than most of the 16 MiB text section). `link.cfg`
/// puts `--as-needed` before every library, so the FreeType and HarfBuzz that pkg-config adds (the
/// font shim loads them with dlopen) leave no `DT_NEEDED`, and links libstdc++ statically.
/// `Scripts/make-link-order.sh` writes the order; README, "Start-up", has the figures.
///
/// `RICHPREVIEW_PACK_RELATIVE_RELOCS=1` in the build's environment also packs the relative
/// relocations (`-z pack-relative-relocs`, `DT_RELR`), which only glibc 2.36 and later load: an
/// opt-in, so that a binary built on a new system still starts on an older one.
let executableLinkerSettings: [LinkerSetting] = {
    #if os(Linux)
        var flags = [
            "-use-ld=lld",
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/richpreview/link-order.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
            "-Xclang-linker", "--config=\(Context.packageDirectory)/Sources/richpreview/link.cfg",
        ]
        if Context.environment["RICHPREVIEW_PACK_RELATIVE_RELOCS"] == "1" {
            flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
        }
        return [.unsafeFlags(flags)]
    #else
        return []
    #endif
}()

let package = Package(
    name: "richpreview",
    products: [
        .library(name: "RichPreview", targets: ["RichPreview"]),
        .library(name: "RichPreviewImaging", targets: ["RichPreviewImaging"]),
        .library(name: "RichPreviewRendering", targets: ["RichPreviewRendering"]),
        .executable(name: "richpreview", targets: ["richpreview"]),
    ],
    targets: [
        // C shims: each owns one codec's setjmp/longjmp and error callbacks. The PNG one also holds
        // the PNG writer, which compresses with zlib (drawings) or libdeflate (photos), and reads
        // 8-bit image data itself, inflated by ISA-L (loaded with dlopen on first use; zlib without).
        .target(
            name: "CRichPreviewPNG", dependencies: ["CRichPreviewLoader"],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]),
        .target(name: "CRichPreviewJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CRichPreviewGIF", linkerSettings: [.linkedLibrary("gif")]),
        // The resampler's fixed-point kernels: portable C and AVX2 chosen at run time; no library.
        .target(name: "CRichPreviewResample"),
        // The few system calls whose flags Swift does not import (O_TMPFILE, linkat's flags).
        .target(name: "CRichPreviewSystem"),
        // The one dlopen loader of the optional libraries below: each shim declares its sonames and
        // functions, and this opens and resolves them once, on first use. No library.
        .target(name: "CRichPreviewLoader"),
        // FreeType and HarfBuzz: the shim links neither but loads them with dlopen when the first
        // face is opened. Their headers, in folders of their own (/usr/include/freetype2 and
        // /usr/include/harfbuzz, from libfreetype-dev and libharfbuzz-dev), are reached through
        // links in the shim's `system` folder, a plain header search path: pkg-config's -l flags,
        // which a system library target would add to every program that renders, are never asked for.
        .target(
            name: "CRichPreviewFreeType", dependencies: ["CRichPreviewLoader"],
            cSettings: [.headerSearchPath("system")]),
        // FFmpeg (libavformat, libavcodec, libswscale, libavutil) for a movie's poster frame: its
        // headers are in the default include path, and the shim links none of it but loads it with
        // dlopen when the first frame is decoded.
        .target(name: "CRichPreviewFFmpeg", dependencies: ["CRichPreviewLoader"]),
        // GNU FriBidi, loaded with dlopen the first time a text that may run right to left is laid
        // out; its headers (libfribidi-dev) are in the default include path, so the core, which
        // uses it, links no library.
        .target(name: "CRichPreviewFriBidi", dependencies: ["CRichPreviewLoader"]),
        // ICU's line break iterator, whose dictionaries find the word boundaries of Thai, Lao, Khmer
        // and Burmese: libicuuc is loaded with dlopen the first time such a text is broken into
        // lines, its functions by the version found; its headers (libicu-dev) are in the default
        // include path.
        .target(name: "CRichPreviewICU", dependencies: ["CRichPreviewLoader"]),
        // libwebp (with libwebpdemux, for an animation's first frame) and libheif (HEIC through
        // libde265, AVIF through dav1d or libaom, as Debian builds it), each loaded with dlopen the
        // first time a file of its format is decoded; their headers (libwebp-dev, libheif-dev) are
        // in the default include path.
        .target(name: "CRichPreviewWebP", dependencies: ["CRichPreviewLoader"]),
        .target(name: "CRichPreviewHEIF", dependencies: ["CRichPreviewLoader", "CRichPreviewFFmpeg"]),
        // Little CMS, loaded with dlopen the first time an image's ICC profile is converted to sRGB
        // (liblcms2-dev for its header).
        .target(name: "CRichPreviewLCMS", dependencies: ["CRichPreviewLoader"]),
        // libmicrohttpd for `richpreview serve`: its HTTP parsing, connections, timeouts and form
        // parser, with the hand-off of a whole request to the service's workers and back. Loaded
        // with dlopen when the server starts (libmicrohttpd-dev for its header), so that no other
        // command maps it or the GnuTLS it links.
        .target(name: "CRichPreviewHTTP", dependencies: ["CRichPreviewLoader"]),

        // What the core and the imaging module share: geometry, the RGBA image, formats.
        .target(name: "RichPreviewMedia"),
        // The thin layer over the system every module goes through: reading inputs within limits,
        // atomic writes, file status and folder listings, threads, cleanup on interrupt.
        .target(name: "RichPreviewSystem", dependencies: ["CRichPreviewSystem"]),

        // The Swift and Objective-C source scanner: a hand-written lexer, one pass per file, names
        // resolved across files, and the facts and queries lint's rules read; needs no core.
        .target(name: "RichPreviewSourceScan", dependencies: ["RichPreviewSystem"]),

        // The core: configs, payloads, categories, responses, attachments, rules, text layout.
        // Its rule registry is written at build time from the files under Rules/.
        .target(
            name: "RichPreview",
            dependencies: [
                "RichPreviewMedia", "RichPreviewSystem", "RichPreviewSourceScan", "CRichPreviewFriBidi",
                "CRichPreviewICU",
            ],
            plugins: ["RuleRegistryPlugin"]),
        .executableTarget(name: "RuleRegistryGenerator"),
        .plugin(name: "RuleRegistryPlugin", capability: .buildTool(), dependencies: ["RuleRegistryGenerator"]),

        // Decoding, orientation, resampling and encoding over the C shims; needs no core.
        .target(
            name: "RichPreviewImaging",
            dependencies: [
                "RichPreviewMedia", "RichPreviewSystem", "CRichPreviewPNG", "CRichPreviewJPEG", "CRichPreviewGIF",
                "CRichPreviewResample", "CRichPreviewFFmpeg", "CRichPreviewWebP", "CRichPreviewHEIF",
                "CRichPreviewLCMS",
            ]
        ),

        // Fonts with fallback, HarfBuzz shaping and an anti-aliased RGBA canvas for the PNG renderer.
        .target(
            name: "RichPreviewRendering",
            dependencies: ["RichPreview", "RichPreviewImaging", "CRichPreviewFreeType"]
        ),

        // The HTTP service over the library: endpoints, a bounded worker pool, limits, metrics.
        .target(
            name: "RichPreviewServer",
            dependencies: [
                "RichPreview", "RichPreviewImaging", "RichPreviewRendering", "RichPreviewSystem", "CRichPreviewHTTP",
            ]),

        // The command-line logic as a library; the executable is a thin entry point.
        .target(
            name: "RichPreviewCLI",
            dependencies: ["RichPreview", "RichPreviewImaging", "RichPreviewRendering", "RichPreviewServer"]),
        .executableTarget(
            name: "richpreview", dependencies: ["RichPreviewCLI"], exclude: ["link-order.txt", "link.cfg"],
            linkerSettings: executableLinkerSettings),

        .target(name: "RichPreviewTestSupport", dependencies: ["RichPreview", "RichPreviewImaging", "RichPreviewCLI"]),
        .testTarget(
            name: "RichPreviewTests", dependencies: ["RichPreview", "RichPreviewImaging", "RichPreviewTestSupport"]),
        .testTarget(name: "RichPreviewMediaTests", dependencies: ["RichPreviewMedia"]),
        .testTarget(
            name: "RichPreviewSourceScanTests", dependencies: ["RichPreviewSourceScan", "RichPreviewTestSupport"]),
        .testTarget(name: "RichPreviewSystemTests", dependencies: ["RichPreviewSystem", "RichPreviewTestSupport"]),
        .testTarget(name: "RichPreviewImagingTests", dependencies: ["RichPreviewImaging", "RichPreviewTestSupport"]),
        .testTarget(
            name: "RichPreviewRenderingTests",
            dependencies: ["RichPreviewRendering", "RichPreviewImaging", "RichPreviewTestSupport"]
        ),
        .testTarget(
            name: "RichPreviewCLITests",
            dependencies: ["RichPreviewCLI", "RichPreviewServer", "RichPreviewTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
