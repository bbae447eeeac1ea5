import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// The PNG writer, with zlib (bands of rows deflated apart and joined into one zlib stream) and with
/// libdeflate (every filtered row compressed by one call), at any thread count.
struct PNGEncoderTests {
    /// The photo settings with each compressor: libdeflate at level 1 (the default) and zlib at
    /// level 1 with its run-length strategy.
    static func photoSettings(_ colorType: PNGSettings.ColorType) -> [PNGSettings] {
        [
            .photo(colorType: colorType),
            PNGSettings(
                content: .photo, colorType: colorType, compression: .zlib(level: 1, strategy: .rle), filter: .paeth),
        ]
    }

    /// What a PNG of `image` written as `colorType` holds, read back as RGBA: gray takes red, and
    /// alpha is 255 without an alpha channel.
    static func written(_ image: RGBAImage, as colorType: PNGSettings.ColorType) -> RGBAImage {
        var expected = image
        for index in stride(from: 0, to: expected.pixels.count, by: 4) {
            if colorType == .gray || colorType == .grayAlpha {
                expected.pixels[index + 1] = expected.pixels[index]
                expected.pixels[index + 2] = expected.pixels[index]
            }
            if colorType == .gray || colorType == .rgb { expected.pixels[index + 3] = 255 }
        }
        return expected
    }

    /// A noisy gradient with an alpha ramp: no flat areas, so every filter has work to do.
    static func noisyImage(width: Int, height: Int, seed: UInt64 = 3) -> RGBAImage {
        var generator = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let noise = Int(generator.next() % 16)
                pixels[index] = UInt8(truncatingIfNeeded: x + noise)
                pixels[index + 1] = UInt8(truncatingIfNeeded: y * 3 + noise)
                pixels[index + 2] = UInt8(truncatingIfNeeded: x ^ y)
                pixels[index + 3] = UInt8(truncatingIfNeeded: 128 + (x + y) % 128)
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }

    /// The chunks of a PNG file: type and data, after checking the signature and every CRC.
    static func chunks(_ data: Data) -> [(type: String, body: [UInt8])] {
        let bytes = [UInt8](data)
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { break }
            let typed = Array(bytes[offset + 4..<offset + 8 + length])
            let crc = bytes[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(PNGBuilder.crc32(typed) == crc, "CRC of the chunk at \(offset)")
            result.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            offset += 12 + length
        }
        #expect(offset == bytes.count, "bytes after the last whole chunk")
        return result
    }

    @Test(arguments: PNGSettings.ColorType.allCases)
    func everyThreadCountWritesTheSameBytes(colorType: PNGSettings.ColorType) throws {
        // 640 x 600 RGBA rows of 2561 bytes: about 102 rows per 256 KiB band, so six bands.
        let image = Self.noisyImage(width: 640, height: 600)
        for settings in Self.photoSettings(colorType) {
            let single = try ImageEncoder.encode(image, as: .png(settings))
            for threads in [2, 3, 16, 100] {
                #expect(
                    try ImageEncoder.encode(image, as: .png(settings), threads: threads).data == single.data,
                    "\(settings.compression), \(threads) threads")
            }
            // One valid zlib stream: libpng checks its Adler-32 when validating.
            #expect(try ImageValidator.validate(single.data).size == image.size)
            #expect(try ImageDecoder.decode(single.data) == Self.written(image, as: colorType))
        }
    }

    @Test(arguments: PNGEncoderTests.photoSettings(.rgba))
    func theFileIsSignatureHeaderDataAndEnd(settings: PNGSettings) throws {
        let image = Self.noisyImage(width: 700, height: 500)
        let data = try ImageEncoder.encode(image, as: .png(settings), threads: 2).data
        let chunks = Self.chunks(data)
        #expect(chunks.map(\.type).first == "IHDR" && chunks.map(\.type).last == "IEND")
        #expect(Set(chunks.map(\.type)) == ["IHDR", "IDAT", "IEND"])
        // IHDR: 700 x 500, 8-bit RGBA, deflate, adaptive filtering method 0, no interlace.
        #expect(chunks[0].body == PNGBuilder.be32(700) + PNGBuilder.be32(500) + [8, 6, 0, 0, 0])
        let idat = chunks.filter { $0.type == "IDAT" }
        #expect(idat.count > 1, "1.4 MB of rows compress to more than one 256 KiB chunk")
        #expect(idat.allSatisfy { $0.body.count <= 256 * 1024 })
        // One zlib stream: CMF 0x78 (deflate, 32 KiB window) and a header check divisible by 31.
        let stream = idat.flatMap(\.body)
        #expect(stream[0] == 0x78 && (Int(stream[0]) * 256 + Int(stream[1])) % 31 == 0)
    }

    @Test(arguments: [
        PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 60_000), PixelSize(width: 70_000, height: 3),
    ])
    func extremeShapesRoundTrip(size: PixelSize) throws {
        // A single pixel; 60,000 one-pixel rows (two bands); rows longer than a band (one row each).
        let image = Self.noisyImage(width: size.width, height: size.height)
        for settings in Self.photoSettings(.rgba) + [.graphic(colorType: .rgba)] {
            let encoded = try ImageEncoder.encode(image, as: .png(settings), threads: 2)
            #expect(try ImageDecoder.decode(encoded.data) == image)
        }
    }

    @Test(arguments: PNGSettings.Filter.allCases)
    func everyFilterRoundTripsAcrossBands(filter: PNGSettings.Filter) throws {
        let image = Self.noisyImage(width: 300, height: 900)
        let compressions =
            PNGSettings.ZlibStrategy.allCases.map { PNGSettings.Compression.zlib(level: 3, strategy: $0) }
            + [.libdeflate(level: 3)]
        for compression in compressions {
            let settings = PNGSettings(content: .photo, colorType: .rgba, compression: compression, filter: filter)
            let encoded = try ImageEncoder.encode(image, as: .png(settings), threads: 2)
            #expect(try ImageDecoder.decode(encoded.data) == image, "\(compression) \(filter)")
        }
    }

    @Test func contentScanLooksAtEveryPixel() {
        // Gray and opaque everywhere but the very last pixel, well past the first block scanned.
        let size = PixelSize(width: 100, height: 100)
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let value = UInt8(index / 4 % 200)
            pixels[index] = value
            pixels[index + 1] = value
            pixels[index + 2] = value
            pixels[index + 3] = 255
        }
        #expect(PNGSettings.chosen(for: RGBAImage(size: size, pixels: pixels)).colorType == .gray)
        var translucent = pixels
        translucent[translucent.count - 1] = 254
        #expect(PNGSettings.chosen(for: RGBAImage(size: size, pixels: translucent)).colorType == .grayAlpha)
        var tinted = pixels
        tinted[tinted.count - 4] &+= 1
        #expect(PNGSettings.chosen(for: RGBAImage(size: size, pixels: tinted)).colorType == .rgb)
    }

    @Test(arguments: [(256, PNGSettings.Content.graphic), (257, .photo)])
    func graphicMeansAtMost256ColoursInRuns(colors: Int, expected: PNGSettings.Content) {
        // Runs of 4 equal pixels (3 of 4 repeat their left neighbour), `colors` distinct values.
        let size = PixelSize(width: 64, height: 40)
        var pixels = [UInt8](repeating: 255, count: size.pixelCount * 4)
        for pixel in 0..<size.pixelCount {
            let color = pixel / 4 % colors
            pixels[pixel * 4] = UInt8(color % 256)
            pixels[pixel * 4 + 1] = UInt8(color / 256)
        }
        #expect(PNGSettings.chosen(for: RGBAImage(size: size, pixels: pixels)).content == expected)
    }
}
