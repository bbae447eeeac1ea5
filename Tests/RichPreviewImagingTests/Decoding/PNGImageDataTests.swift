import Foundation
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewTestSupport
import Testing

/// The image data of 8-bit, non-interlaced PNGs, read without libpng's row reader: every colour
/// type and every filter, IDAT chunks split anywhere, and damaged data named as libpng names it.
struct PNGImageDataTests {
    /// A PNG of `rows` (each row's stored bytes, unfiltered) filtered row by row with `filters`,
    /// compressed as stored deflate blocks and cut into IDAT chunks of `chunkSize` bytes.
    static func png(
        width: Int, colorType: UInt8, bytesPerPixel: Int, rows: [[UInt8]], filters: [UInt8], chunkSize: Int,
        palette: [UInt8]? = nil, damage: (inout [[UInt8]]) -> Void = { _ in }
    ) -> Data {
        var raw: [UInt8] = []
        var above = [UInt8](repeating: 0, count: rows[0].count)
        for (y, row) in rows.enumerated() {
            let filter = filters[y % filters.count]
            raw.append(filter)
            raw += Self.filter(row, above: above, type: filter, bpp: bytesPerPixel)
            above = row
        }
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            stream += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            stream += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        stream += PNGBuilder.be32(Self.adler32(raw))
        var chunks: [[UInt8]] = stride(from: 0, to: stream.count, by: chunkSize).map {
            Array(stream[$0..<min($0 + chunkSize, stream.count)])
        }
        damage(&chunks)
        let header = PNGBuilder.be32(UInt32(width)) + PNGBuilder.be32(UInt32(rows.count)) + [8, colorType, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGBuilder.chunk("IHDR", header)
        if let palette { file += PNGBuilder.chunk("PLTE", palette) }
        for chunk in chunks { file += PNGBuilder.chunk("IDAT", chunk) }
        return Data(file + PNGBuilder.chunk("IEND", []))
    }

    /// PNG's filter `type` applied to `row` (the encoder's side, written out here as the standard
    /// gives it, so the decoder is checked against an independent inverse).
    static func filter(_ row: [UInt8], above: [UInt8], type: UInt8, bpp: Int) -> [UInt8] {
        row.indices.map { i in
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let b = Int(above[i])
            let c = i >= bpp ? Int(above[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            case 4:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            default: predictor = 0
            }
            return UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
        }
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// `height` rows of `width` pixels of `bpp` bytes from a fixed seed.
    static func rows(width: Int, height: Int, bpp: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<height).map { _ in (0..<width * bpp).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
    }

    static func reason(_ data: Data) -> String? {
        do {
            _ = try ImageDecoder.decode(data, convertingToSRGB: false)
            return nil
        } catch {
            guard case .corrupt(_, let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test(arguments: [1, 7, 4096])
    func everyColourTypeAndFilterDecodesToItsPixels(chunkSize: Int) throws {
        let width = 9
        let height = 12
        // Every filter, Paeth in runs (its vector path), in rows whose pixels are 1 to 4 bytes.
        let filters: [UInt8] = [0, 1, 2, 3, 4, 4, 4, 1, 4, 3, 2, 4]
        let kinds: [(colorType: UInt8, bpp: Int, expand: ([UInt8]) -> [UInt8])] = [
            (2, 3, { [$0[0], $0[1], $0[2], 255] }),
            (6, 4, { $0 }),
            (0, 1, { [$0[0], $0[0], $0[0], 255] }),
            (4, 2, { [$0[0], $0[0], $0[0], $0[1]] }),
        ]
        for (index, kind) in kinds.enumerated() {
            let rows = Self.rows(width: width, height: height, bpp: kind.bpp, seed: UInt64(index + 1))
            let data = Self.png(
                width: width, colorType: kind.colorType, bytesPerPixel: kind.bpp, rows: rows, filters: filters,
                chunkSize: chunkSize)
            let image = try ImageDecoder.decode(data, convertingToSRGB: false)
            let expected = rows.flatMap { row in
                stride(from: 0, to: row.count, by: kind.bpp).flatMap { kind.expand(Array(row[$0..<$0 + kind.bpp])) }
            }
            #expect(image.size == PixelSize(width: width, height: height))
            #expect(image.pixels == expected, "colour type \(kind.colorType), chunks of \(chunkSize)")
        }
        // A palette's indices, each through its entry.
        let palette: [UInt8] = (0..<256).flatMap { (entry: Int) -> [UInt8] in
            [UInt8(entry), UInt8(255 - entry), UInt8(entry / 2)]
        }
        let indices = Self.rows(width: width, height: height, bpp: 1, seed: 9)
        let paletted = try ImageDecoder.decode(
            Self.png(
                width: width, colorType: 3, bytesPerPixel: 1, rows: indices, filters: filters, chunkSize: chunkSize,
                palette: palette), convertingToSRGB: false)
        let expected: [UInt8] = indices.flatMap { row in
            row.flatMap { (index: UInt8) -> [UInt8] in [index, 255 - index, index / 2, 255] }
        }
        #expect(paletted.pixels == expected)
    }

    @Test func damagedImageDataIsNamedAsLibpngNamesIt() {
        let rows = Self.rows(width: 5, height: 4, bpp: 3, seed: 3)
        func png(filters: [UInt8] = [4], damage: @escaping (inout [[UInt8]]) -> Void = { _ in }) -> Data {
            Self.png(
                width: 5, colorType: 2, bytesPerPixel: 3, rows: rows, filters: filters, chunkSize: 10, damage: damage)
        }
        #expect(Self.reason(png()) == nil)
        // The second IDAT's CRC no longer matches: its bytes changed after the CRC was taken.
        var crc = [UInt8](png())
        let second = 8 + 25 + 22 + 8 + 3
        crc[second] ^= 0xFF
        #expect(Self.reason(Data(crc))?.contains("IDAT: CRC error") == true, "\(Self.reason(Data(crc)) ?? "")")
        // The stream stops a row short.
        #expect(
            Self.reason(png { $0.removeLast(3) })?.contains("Not enough image data") == true,
            "\(Self.reason(png { $0.removeLast(3) }) ?? "")")
        // A filter type past Paeth.
        #expect(Self.reason(png(filters: [5]))?.contains("bad adaptive filter value") == true)
        // Nothing after the image data: no IEND.
        let whole = [UInt8](png())
        #expect(Self.reason(Data(whole.dropLast(12)))?.contains("truncated") == true)
    }
}
