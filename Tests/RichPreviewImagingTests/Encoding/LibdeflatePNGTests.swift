import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// The PNG writer's libdeflate path (the photo settings): every filtered row compressed by one call
/// into the file buffer and cut into IDAT chunks in place.
struct LibdeflatePNGTests {
    /// A single pixel, one wide row, one tall column, a row longer than a 256 KiB band, and an image
    /// of several bands whose data fills several IDAT chunks.
    static let sizes = [
        PixelSize(width: 1, height: 1), PixelSize(width: 3000, height: 1), PixelSize(width: 1, height: 3000),
        PixelSize(width: 70_000, height: 2), PixelSize(width: 1100, height: 900),
    ]

    @Test(arguments: PNGSettings.ColorType.allCases)
    func photosDecodeToTheirPixelsAtEveryThreadCount(colorType: PNGSettings.ColorType) throws {
        let settings = PNGSettings.photo(colorType: colorType)
        #expect(settings.compression == .libdeflate(level: 1))
        for size in Self.sizes {
            let image = PNGEncoderTests.noisyImage(width: size.width, height: size.height, seed: 5)
            let single = try ImageEncoder.encode(image, as: .png(settings), threads: 1).data
            for threads in [2, 16] {
                #expect(
                    try ImageEncoder.encode(image, as: .png(settings), threads: threads).data == single,
                    "\(size) \(colorType), \(threads) threads")
            }
            let chunks = PNGEncoderTests.chunks(single)
            #expect(chunks.map(\.type).first == "IHDR" && chunks.map(\.type).last == "IEND")
            #expect(Set(chunks.map(\.type)) == ["IHDR", "IDAT", "IEND"])
            let idat = chunks.filter { $0.type == "IDAT" }
            #expect(idat.allSatisfy { $0.body.count <= 256 * 1024 })
            if size.pixelCount >= 1_000_000 {
                #expect(idat.count > 1, "\(size) \(colorType): the data fills more than one chunk")
            }
            // libpng reads the whole stream and checks its Adler-32 and every CRC; the project's
            // decoder gives the pixels back.
            #expect(try ImageValidator.validate(single).size == size, "\(size) \(colorType)")
            #expect(
                try ImageDecoder.decode(single) == PNGEncoderTests.written(image, as: colorType),
                "\(size) \(colorType)")
        }
    }

    @Test func levelsOutsideZeroToTwelveAreClamped() throws {
        let image = PNGEncoderTests.noisyImage(width: 300, height: 200)
        var files: [Int: Data] = [:]
        for level in [-3, 0, 1, 12, 99] {
            let settings = PNGSettings(
                content: .photo, colorType: .rgba, compression: .libdeflate(level: level), filter: .paeth)
            let encoded = try ImageEncoder.encode(image, as: .png(settings))
            #expect(encoded.pngSettings == settings, "the settings given are reported as given")
            #expect(try ImageValidator.validate(encoded.data).size == image.size, "level \(level)")
            #expect(try ImageDecoder.decode(encoded.data) == image, "level \(level)")
            files[level] = encoded.data
        }
        #expect(files[-3] == files[0] && files[99] == files[12])
        // Level 0 stores: the file is larger than the rows it holds; level 12 compresses the most.
        let rows = (300 * 4 + 1) * 200
        #expect(try #require(files[0]).count > rows)
        #expect(try #require(files[12]).count < #require(files[1]).count)
        #expect(try #require(files[1]).count < rows)
    }

    @Test func theDeprecatedZlibSettingsStillWork() {
        let legacy: any DeprecatedPNGSettingsAPI.Type = DeprecatedPNGSettingsCalls.self
        let made = legacy.make(level: 3, strategy: .filtered)
        #expect(
            made
                == PNGSettings(
                    content: .graphic, colorType: .rgb, compression: .zlib(level: 3, strategy: .filtered),
                    filter: .up))
        #expect(legacy.levelAndStrategy(made) == (3, .filtered))
        #expect(legacy.levelAndStrategy(.photo()) == (1, nil))
        // Setting the level keeps the compressor (and zlib's strategy).
        #expect(legacy.settingLevel(made, to: 7).compression == .zlib(level: 7, strategy: .filtered))
        #expect(legacy.settingLevel(.photo(), to: 11).compression == .libdeflate(level: 11))
    }
}

/// Calls to the deprecated zlib-only API of `PNGSettings`, reached through a protocol so that the
/// suite builds without deprecation warnings.
private protocol DeprecatedPNGSettingsAPI {
    static func make(level: Int, strategy: PNGSettings.ZlibStrategy) -> PNGSettings
    static func levelAndStrategy(_ settings: PNGSettings) -> (Int, PNGSettings.ZlibStrategy?)
    static func settingLevel(_ settings: PNGSettings, to level: Int) -> PNGSettings
}

/// The protocol's witnesses, deprecated like the API they call.
private enum DeprecatedPNGSettingsCalls: DeprecatedPNGSettingsAPI {
    @available(*, deprecated)
    static func make(level: Int, strategy: PNGSettings.ZlibStrategy) -> PNGSettings {
        PNGSettings(content: .graphic, colorType: .rgb, zlibLevel: level, zlibStrategy: strategy, filter: .up)
    }

    @available(*, deprecated)
    static func levelAndStrategy(_ settings: PNGSettings) -> (Int, PNGSettings.ZlibStrategy?) {
        (settings.zlibLevel, settings.zlibStrategy)
    }

    @available(*, deprecated)
    static func settingLevel(_ settings: PNGSettings, to level: Int) -> PNGSettings {
        var changed = settings
        changed.zlibLevel = level
        return changed
    }
}
