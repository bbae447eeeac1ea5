import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// How rows reach the resampler: GIF frames kept as colour indices, PNG rows expanded by the shim.
struct RowSourceTests {
    static let palette: [SIMD3<UInt8>] = (0..<4).map { SIMD3(UInt8($0 * 60), UInt8(255 - $0 * 60), 90) }

    /// A 40 x 30 picture of four colour indices in bands and noise.
    static func indices(width: Int = 40, height: Int = 30) -> [UInt8] {
        var generator = SplitMix64(seed: 11)
        return (0..<(width * height)).map { UInt8(($0 % width / 10 + Int(generator.next() % 2)) % 4) }
    }

    /// The RGBA pixels giflib's frame would draw: `transparent` pixels stay (0, 0, 0, 0).
    static func expected(_ indices: [UInt8], transparent: UInt8? = nil) -> [UInt8] {
        indices.flatMap { index -> [UInt8] in
            if index == transparent { return [0, 0, 0, 0] }
            let color = palette[Int(index)]
            return [color.x, color.y, color.z, 255]
        }
    }

    @Test func anOpaqueGIFScalesExactlyLikeThePNGOfItsPixels() throws {
        let indices = Self.indices()
        let gif = GIFBuilder.gif(screen: (40, 30), frame: (0, 0, 40, 30), indices: indices, palette: Self.palette)
        let decoded = try ImageDecoder.decode(gif)
        #expect(decoded.pixels == Self.expected(indices))
        // Kept as indices and expanded row by row, an opaque GIF scales to the very same pixels.
        let png = try ImageEncoder.encode(decoded, as: .png(.photo(colorType: .rgb))).data
        let request = ScaleRequest(box: PixelSize(width: 17, height: 17))
        #expect(try ImageScaler.scale(gif, to: request).image == ImageScaler.scale(png, to: request).image)
    }

    @Test func interlacedAndOversizedFramesDrawTheirVisibleRows() throws {
        // A frame wider and taller than the screen: the screen shows its top-left 30 x 20.
        let indices = Self.indices()
        let gif = GIFBuilder.gif(
            screen: (30, 20), frame: (0, 0, 40, 30), indices: indices, palette: Self.palette, interlaced: true)
        let decoded = try ImageDecoder.decode(gif)
        #expect(decoded.size == PixelSize(width: 30, height: 20))
        let visible = (0..<20).flatMap { y in indices[(y * 40)..<(y * 40 + 30)] }
        #expect(decoded.pixels == Self.expected(Array(visible)))
    }

    @Test func aTransparentIndexInUseKeepsAlpha() throws {
        let indices = Self.indices()
        let gif = GIFBuilder.gif(
            screen: (40, 30), frame: (0, 0, 40, 30), indices: indices, palette: Self.palette, transparent: 2)
        #expect(try ImageDecoder.decode(gif).pixels == Self.expected(indices, transparent: 2))
        // Scaled, the transparent half blends in by alpha only: the edge keeps the opaque colour.
        let halves = GIFBuilder.gif(
            screen: (40, 30), frame: (0, 0, 40, 30), indices: (0..<1200).map { $0 % 40 < 20 ? 1 : 2 },
            palette: Self.palette, transparent: 2)
        let scaled = try ImageScaler.scale(halves, to: ScaleRequest(box: PixelSize(width: 20, height: 20))).image
        let edge = scaled.pixel(x: 10, y: 7)
        let opaque = Self.palette[1]
        #expect(edge[3] > 0 && edge[3] < 255)
        #expect(abs(Int(edge[0]) - Int(opaque.x)) <= 2 && abs(Int(edge[1]) - Int(opaque.y)) <= 2, "\(edge)")
        // A transparent index no pixel uses changes nothing.
        let unused = GIFBuilder.gif(
            screen: (40, 30), frame: (0, 0, 40, 30), indices: indices.map { $0 == 2 ? 1 : $0 },
            palette: Self.palette, transparent: 2)
        #expect(try ImageDecoder.decode(unused).isOpaque)
    }

    @Test func aFrameThatLeavesPartOfTheScreenUncoveredIsTransparentThere() throws {
        let indices = Self.indices(width: 20, height: 10)
        let gif = GIFBuilder.gif(screen: (40, 30), frame: (5, 7, 20, 10), indices: indices, palette: Self.palette)
        let decoded = try ImageDecoder.decode(gif)
        #expect(decoded.pixel(x: 0, y: 0) == SIMD4(0, 0, 0, 0))
        #expect(decoded.pixel(x: 39, y: 29) == SIMD4(0, 0, 0, 0))
        let color = Self.palette[Int(indices[0])]
        #expect(decoded.pixel(x: 5, y: 7) == SIMD4(color.x, color.y, color.z, 255))
    }

    @Test func pngRowsSkipTheAdler32ThatValidationChecks() throws {
        let image = PNGEncoderTests.noisyImage(width: 50, height: 40)
        var bytes = [UInt8](try ImageEncoder.encode(image, as: .png(.photo(colorType: .rgb))).data)
        // The last IDAT ends with the zlib stream's Adler-32: change it and fix the chunk's CRC.
        func be32(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var lastIDAT = 0
        while offset < bytes.count {
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "IDAT" { lastIDAT = offset }
            offset += 12 + be32(at: offset)
        }
        let size = be32(at: lastIDAT)
        bytes[lastIDAT + 8 + size - 1] ^= 0x01
        let crc = PNGBuilder.crc32(Array(bytes[(lastIDAT + 4)..<(lastIDAT + 8 + size)]))
        bytes.replaceSubrange((lastIDAT + 8 + size)..<(lastIDAT + 12 + size), with: PNGBuilder.be32(crc))
        let damaged = Data(bytes)
        #expect(throws: ImageDecodingError.self) { try ImageValidator.validate(damaged) }
        var expected = image
        for index in stride(from: 3, to: expected.pixels.count, by: 4) { expected.pixels[index] = 255 }
        #expect(try ImageDecoder.decode(damaged) == expected)
    }
}

/// Builds single-frame GIF files. The LZW data uses 9-bit literal codes only, with a clear code
/// every 250 codes, so the dictionary never grows past 9 bits: valid, and simple to write.
enum GIFBuilder {
    static func gif(
        screen: (Int, Int), frame: (Int, Int, Int, Int), indices: [UInt8], palette: [SIMD3<UInt8>],
        transparent: UInt8? = nil, interlaced: Bool = false
    ) -> Data {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var bytes = Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0xF7, 0, 0]
        for index in 0..<256 {
            let color = index < palette.count ? palette[index] : SIMD3(0, 0, 0)
            bytes += [color.x, color.y, color.z]
        }
        if let transparent { bytes += [0x21, 0xF9, 4, 0x01, 0, 0, transparent, 0] }
        bytes += [0x2C] + le16(frame.0) + le16(frame.1) + le16(frame.2) + le16(frame.3) + [interlaced ? 0x40 : 0]
        // Interlaced frames store rows in pass order: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
        var order = Array(0..<frame.3)
        if interlaced {
            order = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
                Array(stride(from: start, to: frame.3, by: step))
            }
        }
        let stored = order.flatMap { row in indices[(row * frame.2)..<((row + 1) * frame.2)] }
        var codes: [Int] = []
        for (position, index) in stored.enumerated() {
            if position % 250 == 0 { codes.append(256) }
            codes.append(Int(index))
        }
        codes.append(257)
        var data: [UInt8] = []
        var accumulator = 0
        var bits = 0
        for code in codes {
            accumulator |= code << bits
            bits += 9
            while bits >= 8 {
                data.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { data.append(UInt8(accumulator & 0xFF)) }
        bytes.append(8)
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(start + 255, data.count)]
            bytes += [UInt8(block.count)] + block
        }
        bytes += [0, 0x3B]
        return Data(bytes)
    }
}
