import Foundation
import RichPreviewImaging
import RichPreviewMedia
import Testing

/// A clip selects a part of the upright image, whatever orientation the pixels are stored in.
struct ClipTests {
    static let colors: [SIMD4<UInt8>] = [
        [230, 20, 20, 255], [20, 200, 20, 255], [20, 20, 230, 255], [250, 250, 250, 255],
    ]

    /// A 48×24 JPEG in four solid quadrants (red, green / blue, white) whose EXIF says `orientation`.
    static func quadrants(orientation: Int) throws -> Data {
        var pixels = [UInt8]()
        for y in 0..<24 {
            for x in 0..<48 {
                let color = colors[(y < 12 ? 0 : 2) + (x < 24 ? 0 : 1)]
                pixels += [color.x, color.y, color.z, color.w]
            }
        }
        let jpeg = try ImageEncoder.encode(
            RGBAImage(size: PixelSize(width: 48, height: 24), pixels: pixels), as: .jpeg(quality: 95)
        ).data
        // An APP1 segment with a big-endian TIFF holding one IFD entry: Orientation (0x0112), SHORT.
        let tiff: [UInt8] =
            [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0]
            + [0, 0, 0, 0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
        return jpeg.prefix(2) + Data(app1) + jpeg.dropFirst(2)
    }

    static func near(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Bool {
        (0..<3).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) < 40 }
    }

    @Test(arguments: 1...8)
    func aClipSelectsThePartOfTheUprightImage(orientation: Int) throws {
        let data = try Self.quadrants(orientation: orientation)
        let upright = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 48, height: 48))).image
        #expect(
            upright.size == (orientation >= 5 ? PixelSize(width: 24, height: 48) : PixelSize(width: 48, height: 24)))
        let clips = [
            UnitRect(x: 0, y: 0, width: 0.5, height: 0.5), UnitRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5),
            UnitRect(x: 0.5, y: 0, width: 0.5, height: 0.5), UnitRect(x: 0, y: 0.5, width: 0.5, height: 0.5),
        ]
        for clip in clips {
            // What the upright image shows in the middle of the clip.
            let expected = upright.pixel(
                x: Int((clip.x + clip.width / 2) * Double(upright.size.width)),
                y: Int((clip.y + clip.height / 2) * Double(upright.size.height)))
            for mode in [ScaleMode.fit, .fill] {
                let part = try ImageScaler.scale(
                    data, to: ScaleRequest(box: PixelSize(width: 10, height: 10), mode: mode, clip: clip)
                ).image
                let centre = part.pixel(x: part.size.width / 2, y: part.size.height / 2)
                #expect(
                    Self.near(centre, expected),
                    "orientation \(orientation), clip \(clip), \(mode): \(centre) vs \(expected)")
            }
        }
    }

    @Test func aClipKeepsItsAspectUnderFit() throws {
        let data = try Self.quadrants(orientation: 1)
        let strip = UnitRect(x: 0, y: 0.25, width: 1, height: 0.25)
        let part = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 96, height: 96), clip: strip))
            .image
        // 48×6 source pixels fitted into 96×96: 96×12.
        #expect(part.size == PixelSize(width: 96, height: 12))
    }

    @Test(arguments: [
        (0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, -1.0), (0.5, 0.0, 0.6, 1.0), (-0.1, 0.0, 0.5, 0.5),
        (Double.nan, 0.0, 1.0, 1.0), (0.0, 0.0, .infinity, 1.0),
    ])
    func aClipOutsideTheImageIsRefused(x: Double, y: Double, width: Double, height: Double) throws {
        let clip = UnitRect(x: x, y: y, width: width, height: height)
        #expect(!clip.isInsideUnitSquare)
        let data = try Self.quadrants(orientation: 1)
        #expect(throws: ImageDecodingError.self) {
            try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 8, height: 8), clip: clip))
        }
    }

    @Test func aBoxUnderOnePixelIsRefusedNotTrapped() throws {
        let data = try Self.quadrants(orientation: 1)
        for box in [PixelSize(width: 0, height: 0), PixelSize(width: -5, height: 10), PixelSize(width: 10, height: 0)] {
            #expect(throws: ImageDecodingError.self) { try ImageScaler.scale(data, to: ScaleRequest(box: box)) }
            #expect(throws: ImageDecodingError.self) {
                try ImageScaler.estimatedMemory(data, for: ScaleRequest(box: box))
            }
            let image = RGBAImage(size: PixelSize(width: 2, height: 2), pixels: [UInt8](repeating: 255, count: 16))
            #expect(throws: ImageDecodingError.self) { try ImageScaler.scale(image, to: ScaleRequest(box: box)) }
        }
    }

    @Test func decodedPixelsScaleAsTheirEncodedImageDoes() throws {
        // A PNG (a JPEG would be reduced in its DCT first), its own pixels decoded.
        let decoded = try ImageScaler.scale(
            try Self.quadrants(orientation: 1), to: ScaleRequest(box: PixelSize(width: 48, height: 48))
        ).image
        let data = try ImageEncoder.encode(decoded).data
        let request = ScaleRequest(box: PixelSize(width: 12, height: 12), filter: .lanczos3)
        let fromBytes = try ImageScaler.scale(data, to: request).image
        let fromPixels = try ImageScaler.scale(decoded, to: request)
        #expect(fromPixels.size == fromBytes.size)
        #expect(fromPixels.pixels == fromBytes.pixels)
    }
}
